import { describe, expect, it } from 'vitest'
import { matchPath, prefetchPlan, resolveRoute } from '../../../web/routes.js'

describe('resolveRoute', () => {
  it('maps the SPEC route table', () => {
    expect(resolveRoute('/').name).toBe('home')
    expect(resolveRoute('/search').name).toBe('search')
    expect(resolveRoute('/about/').name).toBe('about')
    expect(resolveRoute('/upload').name).toBe('upload')
    expect(resolveRoute('/manage').name).toBe('manage')
    expect(resolveRoute('/profile').name).toBe('profile')
    expect(resolveRoute('/admin-secret').name).toBe('admin-secret')
    expect(resolveRoute('/posts/on-method')).toEqual({
      name: 'post',
      path: '/posts/:slug',
      params: { slug: 'on-method' },
    })
    expect(resolveRoute('/on-method')).toEqual({ name: 'post-alias', path: '/:slug', params: { slug: 'on-method' } })
  })

  it('sends everything else to the 404 page', () => {
    for (const path of ['/a/b', '/posts', '/posts/', '/api', '/admin-secret/x', '/posts/x/y']) {
      expect(resolveRoute(path).name, path).toBe('not-found')
    }
  })

  it('decodes slugs', () => {
    expect(matchPath('/posts/:slug', '/posts/caf%C3%A9')).toEqual({ slug: 'café' })
    expect(matchPath('/posts/:slug', '/posts/%E0%A4%A')).toEqual({ slug: '%E0%A4%A' })
  })
})

describe('prefetchPlan', () => {
  // every page ends with the footer, so its query is always last
  const FOOTER = { queryKey: ['/api/footer'], apiPath: '/api/footer' }
  const pagePart = (url: string) => {
    const { queries } = prefetchPlan(url)
    expect(queries.at(-1), url).toEqual(FOOTER)
    return queries.slice(0, -1)
  }

  it('names the queries each page reads', () => {
    expect(pagePart('/')).toEqual([{ queryKey: ['/api/posts'], apiPath: '/api/posts' }])
    expect(pagePart('/?search=a%20b&page=2')).toEqual([
      { queryKey: ['/api/posts?search=a%20b'], apiPath: '/api/posts?search=a%20b' },
    ])
    expect(pagePart('/posts/x').map((q) => q.queryKey)).toEqual([['/api/posts', 'x']])
    expect(pagePart('/x').map((q) => q.apiPath)).toEqual(['/api/posts/x'])
    expect(pagePart('/search')).toEqual([])
    expect(pagePart('/search?q=bayes').map((q) => q.apiPath)).toEqual(['/api/search/advanced?q=bayes'])
    // the filters too, in the address's canonical order, and a filter alone is a search
    expect(pagePart('/search?tags=a,b&q=x&maxReadTime=20').map((q) => q.apiPath)).toEqual([
      '/api/search/advanced?q=x&tags=a%2Cb&maxReadTime=20',
    ])
    expect(pagePart('/search?author=Ada').map((q) => q.apiPath)).toEqual(['/api/search/advanced?author=Ada'])
    expect(pagePart('/about')).toEqual([{ queryKey: ['/api/about'], apiPath: '/api/about' }])
    expect(pagePart('/admin-secret')).toEqual([])
    // the reset link's address is the home page with an extra parameter
    expect(pagePart('/?resetToken=abc').map((q) => q.apiPath)).toEqual(['/api/posts'])
    expect(prefetchPlan('/nope/nope').route.name).toBe('not-found')
    expect(pagePart('/nope/nope')).toEqual([])
  })
})
