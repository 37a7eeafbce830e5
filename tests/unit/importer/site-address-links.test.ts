import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { siteAddressOf } from '../../../src/importer/files/site-address.js'
import { openEssay } from '../../../src/importer/packed-essay.js'
import { prepareEssay } from '../../../src/importer/prepare-essay.js'
import { renderCached } from '../../../src/markdown/render-cached.js'
import type { PostBody, PostMeta } from '../../../src/shared/schemas/index.js'
import { CrossReferenceIndex, type XrefStore } from '../../../src/xref/index.js'

function site(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'scholia-site-links-'))
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  return root
}

/**
 * The given essays of `root` imported as posts (with the slugs given), and what a reader of
 * each gets: its HTML with links to other posts resolved, and the import's warnings.
 */
function imported(root: string, essays: Record<string, string>) {
  const metas: PostMeta[] = []
  const bodies = new Map<number, PostBody>()
  const warnings = new Map<string, string[]>()
  Object.entries(essays).forEach(([slug, path], i) => {
    const prepared = prepareEssay({
      essay: {
        path: join(root, path),
        text: readFileSync(join(root, path), 'utf8'),
        mtime: new Date('2024-01-01'),
        root,
      },
      options: { ownerName: 'Owner' },
    })
    if ('failed' in prepared) throw new Error(prepared.failed)
    const { rendered } = openEssay(prepared)
    const source = { path: join(root, path), hash: 'h' }
    metas.push({ id: i + 1, slug, title: slug, status: 'published', bodyRev: 1, source } as unknown as PostMeta)
    bodies.set(i + 1, { html: rendered.html, document: rendered } as unknown as PostBody)
    warnings.set(
      slug,
      rendered.warnings.map((w) => w.message),
    )
  })
  const store: XrefStore = { posts: () => metas, body: async (meta) => bodies.get(meta.id)! }
  const index = new CrossReferenceIndex(store)
  const from = (slug: string) => {
    const meta = metas.find((m) => m.slug === slug)!
    return { id: meta.id, sourcePath: meta.source!.path }
  }
  return {
    read: (slug: string) => index.resolveHtml(bodies.get(from(slug).id!)!.html, from(slug), false),
    unresolved: (slug: string) => index.unresolved(bodies.get(from(slug).id!)!.html, from(slug)),
    warnings: (slug: string) => warnings.get(slug) ?? [],
    document: (slug: string) => bodies.get(from(slug).id!)!.document!,
  }
}

/** An `<a>` to `href` reading `text`, whatever other attributes the sanitizer gives it. */
function link(href: string, text: string): RegExp {
  const escape = (t: string) => t.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
  return new RegExp(`<a href="${escape(href)}"[^>]*>${escape(text)}</a>`)
}

function write(root: string, path: string, text: string): void {
  writeFileSync(join(root, path), text)
}

function hugoSite(config: string) {
  const root = site({ 'hugo.toml': config, 'content/post/.keep': '' })
  write(
    root,
    'content/post/first.md',
    '---\ntitle: First\n---\n\nSee my [pics](/randpic/), the [second post](/post/second/) and [the notes](../notes/Intro.md#top).\n',
  )
  write(root, 'content/post/second.md', '---\ntitle: Second\n---\n\nBack to the [first](/post/first/).\n')
  return root
}

describe("links to the author's own pages that are not posts", () => {
  it("Hugo: a link to a page of the site goes to that page on the site's baseURL; a link to a post still goes to the post", async () => {
    const root = hugoSite('baseURL = "https://author.site/"\ntitle = "x"\n')
    const posts = imported(root, { first: 'content/post/first.md', second: 'content/post/second.md' })
    const html = await posts.read('first')
    expect(html).toMatch(link('https://author.site/randpic/', 'pics'))
    expect(html).toMatch(link('/posts/second', 'second post'))
    // A Hugo content file is published at its lower-cased pretty address.
    expect(html).toMatch(link('https://author.site/notes/intro/#top', 'the notes'))
    expect(await posts.read('second')).toMatch(link('/posts/first', 'first'))
    expect(await posts.unresolved('first')).toEqual([])
  })

  it('Hugo: a post is found by the address Hugo gives its file name; a file of static/ is linked on the site', async () => {
    const root = hugoSite('baseURL = "https://author.site/"\n')
    // ouuan/hugo-blog links `content/post/莫队、带修莫队、树上莫队详解.md` as `/post/莫队带修莫队树上莫队详解/`.
    write(root, 'content/post/莫队、带修莫队 —— 详解.md', '---\ntitle: Mo\n---\n\nText.\n')
    write(
      root,
      'content/post/third.md',
      '---\ntitle: Third\n---\n\nSee [Mo](/post/莫队带修莫队-详解/#回滚) and [the slides](/post_doc/talk.ppt).\n',
    )
    const posts = imported(root, { mo: 'content/post/莫队、带修莫队 —— 详解.md', third: 'content/post/third.md' })
    const html = await posts.read('third')
    expect(html).toMatch(link(`/posts/mo#${encodeURIComponent('回滚')}`, 'Mo'))
    expect(html).toMatch(link('https://author.site/post_doc/talk.ppt', 'the slides'))
  })

  it('without an address, such a link reads as its text, as before', async () => {
    const root = hugoSite('title = "x"\n')
    const posts = imported(root, { first: 'content/post/first.md', second: 'content/post/second.md' })
    const html = await posts.read('first')
    expect(html).toContain('See my pics, the ')
    expect(html).not.toContain('https://')
    expect(posts.warnings('first')).toEqual([])
  })

  it('a baseURL that is not a web address is ignored, with an import warning', async () => {
    const root = hugoSite('baseURL = "not a url"\n')
    const posts = imported(root, { first: 'content/post/first.md' })
    expect(await posts.read('first')).toContain('See my pics,')
    expect(posts.warnings('first')).toEqual([
      expect.stringMatching(/address in hugo\.toml \("not a url"\) is not a public/),
    ])
    // A theme skeleton's placeholder is no address either.
    expect(
      siteAddressOf(site({ 'config.toml': 'baseURL = "http://example.org/"\n', 'content/a.md': '' })).address,
    ).toBe(null)
  })

  it("Jekyll: `{{ site.baseurl }}/cv/` and this site's own route names go to the author's site at url + baseurl", async () => {
    const root = site({
      '_config.yml': 'url: "https://jane.github.io"\nbaseurl: "/blog"\n',
      '_posts/.keep': '',
    })
    write(
      root,
      '_posts/2020-01-01-hello.md',
      '---\ntitle: Hello\n---\n\nMy [CV]({{ site.baseurl }}/cv/), [about me](/about/) and [home](/).\n',
    )
    const posts = imported(root, { hello: '_posts/2020-01-01-hello.md' })
    const html = await posts.read('hello')
    expect(html).toMatch(link('https://jane.github.io/blog/cv/', 'CV'))
    expect(html).toMatch(link('https://jane.github.io/blog/about/', 'about me'))
    expect(html).toMatch(link('https://jane.github.io/blog/', 'home'))
  })

  it('Quarto: a document that is no post is its .html page on the site-url; an edit keeps the address', async () => {
    const root = site({
      '_quarto.yml': 'project:\n  type: website\nwebsite:\n  site-url: https://q.example.edu/notes\n',
    })
    mkdirSync(join(root, 'posts'))
    write(
      root,
      'posts/one.qmd',
      '---\ntitle: One\n---\n\nSee [projects](../projects/index.qmd), [two](two.qmd) and my [talks](../talks/).\n',
    )
    write(root, 'posts/two.qmd', '---\ntitle: Two\n---\n\nText.\n')
    const posts = imported(root, { one: 'posts/one.qmd', two: 'posts/two.qmd' })
    const html = await posts.read('one')
    expect(html).toMatch(link('https://q.example.edu/notes/projects/index.html', 'projects'))
    expect(html).toMatch(link('/posts/two', 'two'))
    expect(html).toMatch(link('https://q.example.edu/notes/talks/', 'talks'))
    // The post edited on this site later is rendered from its stored document: the links stay.
    const edited = renderCached('Now [projects](../projects/index.qmd) and [talks](../talks/).', posts.document('one'))
    expect(edited.html).toContain('href="https://q.example.edu/notes/talks/"')
  })

  it("reads each tool's address setting", () => {
    const book = site({ '_toc.yml': 'root: intro\n', '_config.yml': 'html:\n  baseurl: https://book.example.edu/\n' })
    expect(siteAddressOf(book).address).toMatchObject({ tool: 'jupyter-book' })
    expect(siteAddressOf(book).address?.base.href).toBe('https://book.example.edu/')
    const bookdown = site({
      '_bookdown.yml': 'book_filename: b\n',
      'index.Rmd': '---\nurl: https://bookdown.org/x/\n---\n',
    })
    expect(siteAddressOf(bookdown).address?.base.href).toBe('https://bookdown.org/x/')
    const hugoDir = site({ 'config/_default/hugo.yaml': 'baseURL: https://dir.example.io/sub\n', 'content/a.md': '' })
    expect(siteAddressOf(hugoDir).address?.base.href).toBe('https://dir.example.io/sub/')
  })
})
