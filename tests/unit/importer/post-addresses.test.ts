import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { findEssayFiles } from '../../../src/importer/files/find-essay-files.js'
import { postAddresses } from '../../../src/importer/files/post-address.js'
import { openEssay } from '../../../src/importer/packed-essay.js'
import { prepareEssay } from '../../../src/importer/prepare-essay.js'
import { renderCached } from '../../../src/markdown/render-cached.js'
import type { PostBody, PostMeta } from '../../../src/shared/schemas/index.js'
import { CrossReferenceIndex, type XrefStore } from '../../../src/xref/index.js'
import { bookFolder } from '../../helpers/book-page.js'

/** A site root holding these files. */
const site = (files: Record<string, string>) => bookFolder(files, 'scholia-post-addresses-')

/**
 * The essays of `root` imported as posts with the slugs given (as `blog import` stores them: the
 * addresses the site gives each are kept with its source), and what a reader of each gets.
 */
function imported(root: string, essays: Record<string, string>, ...more: Array<[string, Record<string, string>]>) {
  const metas: PostMeta[] = []
  const bodies = new Map<number, PostBody>()
  const warnings = new Map<string, string[]>()
  for (const [base, list] of [[root, essays] as [string, Record<string, string>], ...more])
    for (const [slug, path] of Object.entries(list)) {
      const id = metas.length + 1
      const prepared = prepareEssay({
        essay: { path: join(base, path), text: readFileSync(join(base, path), 'utf8'), mtime: new Date(0), root: base },
        options: { ownerName: 'Owner' },
      })
      if ('failed' in prepared) throw new Error(prepared.failed)
      const { parsed, rendered } = openEssay(prepared)
      const source = { path: join(base, path), hash: 'h', ...(parsed.addresses ? { addresses: parsed.addresses } : {}) }
      metas.push({ id, slug, title: parsed.title, status: 'published', bodyRev: 1, source } as unknown as PostMeta)
      bodies.set(id, { html: rendered.html, document: rendered } as unknown as PostBody)
      warnings.set(
        slug,
        rendered.warnings.map((w) => w.message),
      )
    }
  const store: XrefStore = { posts: () => metas, body: async (meta) => bodies.get(meta.id)! }
  const index = new CrossReferenceIndex(store)
  const meta = (slug: string) => metas.find((m) => m.slug === slug)!
  const from = (slug: string) => ({ id: meta(slug).id, sourcePath: meta(slug).source!.path })
  return {
    read: (slug: string) => index.resolveHtml(bodies.get(meta(slug).id)!.html, from(slug), false),
    /** The post's markdown edited on this site: rendered again from its stored document. */
    edit: (slug: string, markdown: string) =>
      index.resolveHtml(renderCached(markdown, bodies.get(meta(slug).id)!.document).html, from(slug), false),
    unresolved: (slug: string) => index.unresolved(bodies.get(meta(slug).id)!.html, from(slug)),
    warnings: (slug: string) => warnings.get(slug) ?? [],
    addresses: (slug: string) => meta(slug).source!.addresses,
  }
}

/** An `<a>` to `href` reading `text`, whatever other attributes the sanitizer gives it. */
function link(href: string, text: string): RegExp {
  const escape = (t: string) => t.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
  return new RegExp(`<a href="${escape(href)}"[^>]*>${escape(text)}</a>`)
}

const JEKYLL = { tool: 'jekyll' as const, basePath: '/' }

describe("a Jekyll post's own address, as Jekyll makes it", () => {
  const post = '_posts/2019-03-01-Deep-Nets.md'
  it('by the named styles, with categories lower-cased', () => {
    const fm = { categories: ['ML', 'notes'] }
    expect(postAddresses(JEKYLL, post, fm).paths).toEqual(['/ml/notes/2019/03/01/Deep-Nets.html'])
    expect(postAddresses({ ...JEKYLL, permalink: 'pretty' }, post, {}).paths).toEqual(['/2019/03/01/Deep-Nets/'])
    expect(postAddresses({ ...JEKYLL, permalink: 'ordinal' }, post, {}).paths).toEqual(['/2019/060/Deep-Nets.html'])
    expect(postAddresses({ ...JEKYLL, permalink: 'none' }, post, fm).paths).toEqual(['/ml/notes/Deep-Nets.html'])
  })

  it('by a pattern, the front matter over the configuration; `slug` names it, the date is the front matter’s', () => {
    const site = { ...JEKYLL, permalink: '/:year/:i_month/:short_month/:slug/' }
    expect(postAddresses(site, post, {}).paths).toEqual(['/2019/3/Mar/deep-nets/'])
    expect(postAddresses(site, post, { slug: 'Nets', date: '2020-12-24T10:00:00.000Z' }).paths).toEqual([
      '/2020/12/Dec/nets/',
    ])
    expect(postAddresses(site, post, { permalink: '/talks/:title/' }).paths).toEqual(['/talks/Deep-Nets/'])
    // `:name` is the file's whole name, date included, as Jekyll's UrlDrop#name slugifies it.
    expect(postAddresses({ ...JEKYLL, permalink: '/:year/:name/' }, post, { slug: 'Nets' }).paths).toEqual([
      '/2019/2019-03-01-deep-nets/',
    ])
    // A post in a category folder (`blog/_posts/`) has that category.
    expect(postAddresses(JEKYLL, `blog/${post}`, {}).paths).toEqual(['/blog/2019/03/01/Deep-Nets.html'])
  })

  it('a front matter value of the wrong shape is left out with a warning', () => {
    const read = postAddresses(JEKYLL, post, { permalink: ['/a/'], categories: { x: 1 } })
    expect(read.paths).toEqual(['/2019/03/01/Deep-Nets.html'])
    expect(read.warnings).toEqual([
      expect.stringMatching(/front matter's permalink \(\["\/a\/"\]\) cannot make/),
      expect.stringMatching(/front matter's categories/),
    ])
  })
})

describe('links to a Jekyll post written as the address the site gives it', () => {
  function jekyll(config: string) {
    return site({
      '_config.yml': config,
      '_posts/2019-03-01-foo.md': '---\ntitle: Foo\npermalink: /notes/the-foo/\n---\n\nFoo.\n',
      '_posts/2019-03-02-bar.md': '---\ntitle: Bar\ncategories: [ml]\n---\n\nBar.\n',
      '_posts/2019-03-03-baz.md':
        '---\ntitle: Baz\n---\n\nSee [foo](/notes/the-foo/), [foo again]({{ site.baseurl }}/notes/the-foo/#part), ' +
        '[the bar post](https://jane.github.io/blog/ml/bar/), [bar, relative](../ml/bar/), ' +
        '[bar by name]({% post_url 2019-03-02-bar %}) and [no post](../nothing/).\n',
    })
  }
  const essays = { foo: '_posts/2019-03-01-foo.md', bar: '_posts/2019-03-02-bar.md', baz: '_posts/2019-03-03-baz.md' }

  it("from the host's root, with the site's baseurl, as its full url, relative to the post's own address, or by post_url", async () => {
    const root = jekyll('url: "https://jane.github.io"\nbaseurl: "/blog"\npermalink: /:categories/:title/\n')
    const posts = imported(root, essays)
    expect(posts.addresses('foo')).toEqual(['/notes/the-foo/'])
    expect(posts.addresses('baz')).toEqual(['/baz/'])
    const html = await posts.read('baz')
    expect(html).toMatch(link('/posts/foo', 'foo'))
    expect(html).toMatch(link('/posts/foo#part', 'foo again'))
    expect(html).toMatch(link('/posts/bar', 'the bar post'))
    expect(html).toMatch(link('/posts/bar', 'bar, relative'))
    expect(html).toMatch(link('/posts/bar', 'bar by name'))
    // A page of the site that is no post here is on the author's site, read from the post's own address.
    expect(html).toMatch(link('https://jane.github.io/blog/nothing/', 'no post'))
    // Edited on this site later, the post keeps what its site told.
    const edited = await posts.edit('baz', 'Now [the bar](../ml/bar/) and [foo]({{ site.baseurl }}/notes/the-foo/).')
    expect(edited).toMatch(link('/posts/bar', 'the bar'))
    expect(edited).toMatch(link('/posts/foo', 'foo'))
  })

  it('a site with a baseurl but no url: the links still find the posts; a relative one that finds none is text', async () => {
    const root = jekyll('baseurl: "/blog"\npermalink: /:categories/:title/\n')
    const html = await imported(root, essays).read('baz')
    expect(html).toMatch(link('/posts/foo#part', 'foo again'))
    expect(html).toMatch(link('/posts/bar', 'bar, relative'))
    expect(html).toContain(' and no post.')
  })

  it('a permalink setting that is no pattern is a warning, and the default applies', async () => {
    const root = jekyll('permalink: [1, 2]\n')
    const posts = imported(root, essays)
    expect(posts.addresses('bar')).toEqual(['/ml/2019/03/02/bar.html'])
    expect(posts.warnings('bar')).toEqual([expect.stringMatching(/permalink setting in _config\.yml \(\[1,2\]\)/)])
  })

  it("another imported site's post at the same address is not linked", async () => {
    const other = site({
      '_config.yml': 'title: other\n',
      '_posts/2019-01-01-other.md': '---\ntitle: Other\npermalink: /shared/\n---\n\nO.\n',
    })
    const root = site({
      '_config.yml': 'title: one\n',
      '_posts/2019-01-01-one.md': '---\ntitle: One\n---\n\n[That](/shared/).\n',
    })
    const posts = imported(root, { one: '_posts/2019-01-01-one.md' }, [other, { other: '_posts/2019-01-01-other.md' }])
    expect(await posts.read('one')).not.toContain('/posts/other')
  })
})

describe("links to a Jekyll post at the address its site's defaults: and collections: give it", () => {
  // A site that sets addresses in every way Jekyll allows besides `permalink:` (jekyllrb.com/docs/configuration/front-matter-defaults/, /docs/collections/).
  const config = [
    'url: "https://jane.github.io"',
    'permalink: /:year/:title/',
    'collections:',
    '  posts:',
    '    permalink: /blog/:title/', // a collection's permalink beats `permalink:`
    '  notes:',
    '    output: true',
    '    permalink: /:collection/:name/',
    '  talks:',
    '    output: true', // no permalink: `/:collection/:path` in the site's style
    'defaults:',
    '  - scope: {path: "_posts/ml/2019", type: posts}', // a glob-free prefix of file names
    '    values: {permalink: /ml-2019/:title/}',
    '  - scope: {path: "_posts/ml"}', // less specific than the one above, more than none
    '    values: {permalink: /ml/:title/, layout: post}',
    '  - scope: {path: "_posts/*/2020-*"}', // a glob
    '    values: {permalink: /old-news/:title/}',
    '  - scope: {path: "", type: talks}',
    '    values: {permalink: /talks/:year/:title/}',
    '  - scope: {type: pages}',
    '    values: {permalink: /elsewhere/}',
  ].join('\n')
  const files = {
    '_config.yml': config,
    '_posts/2019-03-01-plain.md': '---\ntitle: Plain\n---\n\nP.\n',
    '_posts/ml/2019-03-02-nets.md': '---\ntitle: Nets\n---\n\nN.\n',
    '_posts/ml/2018-05-05-trees.md': '---\ntitle: Trees\n---\n\nT.\n',
    '_posts/ml/2019-06-06-own.md': '---\ntitle: Own\npermalink: /own/\n---\n\nO.\n',
    '_posts/news/2020-01-01-launch.md': '---\ntitle: Launch\n---\n\nL.\n',
    '_notes/Heat-Equation.md': '---\ntitle: Heat\n---\n\nH.\n',
    '_talks/2021-04-01-kyoto.md': '---\ntitle: Kyoto\n---\n\nK.\n',
    '_posts/2019-09-09-reader.md':
      '---\ntitle: Reader\n---\n\n[plain](/blog/plain/), [nets](https://jane.github.io/ml-2019/nets/), ' +
      '[trees](/ml/trees/), [own](/own/), [launch](/old-news/launch/), [heat](/notes/heat-equation/) ' +
      'and [kyoto](../../talks/2021/kyoto/).\n',
  }
  const essays = {
    plain: '_posts/2019-03-01-plain.md',
    nets: '_posts/ml/2019-03-02-nets.md',
    trees: '_posts/ml/2018-05-05-trees.md',
    own: '_posts/ml/2019-06-06-own.md',
    launch: '_posts/news/2020-01-01-launch.md',
    heat: '_notes/Heat-Equation.md',
    kyoto: '_talks/2021-04-01-kyoto.md',
    reader: '_posts/2019-09-09-reader.md',
  }

  it('the most specific scope wins, the front matter beats the defaults, and a collection has its permalink', async () => {
    const posts = imported(site(files), essays)
    expect(posts.addresses('plain')).toEqual(['/blog/plain/'])
    expect(posts.addresses('nets')).toEqual(['/ml-2019/nets/'])
    expect(posts.addresses('trees')).toEqual(['/ml/trees/'])
    expect(posts.addresses('own')).toEqual(['/own/'])
    expect(posts.addresses('launch')).toEqual(['/old-news/launch/'])
    expect(posts.addresses('heat')).toEqual(['/notes/heat-equation/'])
    expect(posts.addresses('kyoto')).toEqual(['/talks/2021/kyoto/'])
    const html = await posts.read('reader')
    for (const slug of ['plain', 'nets', 'trees', 'own', 'launch', 'heat', 'kyoto'])
      expect(html).toContain(`<a href="/posts/${slug}"`)
    expect(await posts.unresolved('reader')).toEqual([])
  })

  it('without a permalink of its own, a collection is at /:collection/:path in the site’s style', () => {
    const site = {
      ...JEKYLL,
      permalink: 'pretty',
      documents: { defaults: [], collections: { notes: { output: true } }, collectionsDir: '' },
    }
    expect(postAddresses(site, '_notes/week-1/Heat.md', {}).paths).toEqual(['/notes/week-1/Heat/'])
    expect(postAddresses({ ...site, permalink: undefined }, '_notes/Heat.md', {}).paths).toEqual(['/notes/Heat.html'])
  })

  it('a note named on the command line is imported as the site’s (where its address is made)', async () => {
    const root = site(files)
    const found = await findEssayFiles([join(root, '_notes', 'Heat-Equation.md'), join(root, '_posts')])
    expect(found.roots.get(join(root, '_notes', 'Heat-Equation.md'))).toBe(root)
    // a site import still takes only the posts
    expect((await findEssayFiles([root])).files.filter((f) => f.includes('_notes'))).toEqual([])
  })
})

describe("links to a Hugo post at the address its front matter or the site's permalinks give it", () => {
  it('slug, url, aliases and [permalinks] make the address; ref still finds the file', async () => {
    const root = site({
      'hugo.toml': 'baseURL = "https://h.example.io/"\n[permalinks]\nnotes = "/:year/:month/:slug/"\n',
      'content/post/a-long-file-name.md': '---\ntitle: Long\nslug: short\naliases: [/old/long/, older]\n---\n\nL.\n',
      'content/post/special.md': '---\ntitle: Special\nurl: /elsewhere/special-page/\n---\n\nS.\n',
      'content/notes/n1.md': '---\ntitle: A Note Title\ndate: 2021-05-02\n---\n\nN.\n',
      'content/post/reader.md':
        '---\ntitle: Reader\n---\n\n[by slug](/post/short/), [old](https://h.example.io/old/long/), ' +
        '[an alias](/post/older/), [special](/elsewhere/special-page), [note](../../2021/05/a-note-title/) ' +
        'and [by file]({{< ref "a-long-file-name.md" >}}).\n',
    })
    const posts = imported(root, {
      long: 'content/post/a-long-file-name.md',
      special: 'content/post/special.md',
      note: 'content/notes/n1.md',
      reader: 'content/post/reader.md',
    })
    expect(posts.addresses('long')).toEqual(['/post/short/', '/old/long/', '/post/older'])
    expect(posts.addresses('note')).toEqual(['/2021/05/a-note-title/'])
    const html = await posts.read('reader')
    for (const [text, slug] of [
      ['by slug', 'long'],
      ['old', 'long'],
      ['an alias', 'long'],
      ['special', 'special'],
      ['note', 'note'],
      ['by file', 'long'],
    ])
      expect(html).toMatch(link(`/posts/${slug}`, text))
    expect(await posts.unresolved('reader')).toEqual([])
  })

  it('a front matter url of the wrong shape is a warning, not a failure', () => {
    const read = postAddresses({ tool: 'hugo', basePath: '/' }, 'content/post/x.md', { url: 12, aliases: 'a b' })
    expect(read.paths).toEqual(['/post/x/'])
    expect(read.warnings).toHaveLength(2)
  })
})
