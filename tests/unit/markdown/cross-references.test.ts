import { describe, expect, it } from 'vitest'
import { renderMarkdown } from '../../../src/markdown/index.js'
import { CrossReferenceIndex, type XrefStore } from '../../../src/xref/index.js'
import type { EssayAnchor, PostBody, PostMeta } from '../../../src/shared/schemas/index.js'

/** Posts rendered as an import would store them, in a store-shaped object the index reads. */
function storeOf(
  essays: Array<{ path: string | null; slug: string; title: string; markdown: string; status?: 'draft' | 'published' }>,
) {
  const metas: PostMeta[] = []
  const bodies = new Map<number, PostBody>()
  essays.forEach((e, i) => {
    const rendered = renderMarkdown(e.markdown)
    metas.push({
      id: i + 1,
      slug: e.slug,
      title: e.title,
      status: e.status ?? 'published',
      bodyRev: 1,
      source: e.path ? { path: e.path, hash: 'h' } : undefined,
    } as unknown as PostMeta)
    bodies.set(i + 1, {
      html: rendered.html,
      document: { assets: {}, references: [], anchors: rendered.anchors, warnings: [] },
    } as unknown as PostBody)
  })
  const store: XrefStore = { posts: () => metas, body: async (meta) => bodies.get(meta.id)! }
  const index = new CrossReferenceIndex(store)
  const read = (slug: string, seesDrafts = false) => {
    const meta = metas.find((m) => m.slug === slug)!
    return index.resolveHtml(
      bodies.get(meta.id)!.html,
      { id: meta.id, sourcePath: meta.source?.path ?? null },
      seesDrafts,
    )
  }
  const warnings = (slug: string) => {
    const meta = metas.find((m) => m.slug === slug)!
    return index.unresolved(bodies.get(meta.id)!.html, { id: meta.id, sourcePath: meta.source?.path ?? null })
  }
  return { read, warnings }
}

describe('labels the essay defines (anchors)', () => {
  it('gives each d2l label the id its element has in the HTML', () => {
    const r = renderMarkdown(
      '# Title\n\n## Linear Regression\n:label:`sec_linear_regression`\n\n![A fit](fit.svg)\n:label:`fig_fit`\n\n$$y = x$$\n:eqlabel:`eq_y`\n',
    )
    const byKey = Object.fromEntries(r.anchors.map((a: EssayAnchor) => [a.key, a]))
    expect(byKey.sec_linear_regression).toEqual({
      key: 'sec_linear_regression',
      id: 'user-content-sec_linear_regression',
      kind: 'section',
      title: 'Linear Regression',
    })
    expect(r.html).toContain('<h2 id="user-content-sec_linear_regression">')
    expect(byKey.fig_fit).toMatchObject({ kind: 'figure', number: '1', id: 'user-content-fig_fit' })
    expect(r.html).toContain('id="user-content-fig_fit"')
    expect(byKey.eq_y).toMatchObject({ kind: 'equation', number: '1', id: 'user-content-eq-eq_y' })
    expect(r.html).toContain('id="user-content-eq-eq_y"')
  })
})

describe('cross-references across posts', () => {
  const chapters = storeOf([
    {
      path: '/book/chapter_a/linreg.md',
      slug: 'linreg',
      title: 'Linear Regression',
      markdown: '# Linear Regression\n\n## Basics\n:label:`sec_basics`\n\nText.\n\n![Fit](x.svg)\n:label:`fig_fit`\n',
    },
    {
      path: '/book/chapter_b/mlp.md',
      slug: 'mlp',
      title: 'MLP',
      markdown:
        'As in :numref:`sec_basics` and :numref:`fig_fit`; see also :numref:`sec_nowhere`.\n\nRead [the chapter](../chapter_a/linreg.md#sec_basics) and [the draft](./draft.md), not [missing](other.md).\n',
    },
    { path: '/book/chapter_b/draft.md', slug: 'draft', title: 'Draft', status: 'draft', markdown: 'Draft text.\n' },
  ])

  it('links a d2l label of another chapter to its section, in the words of its title', async () => {
    const html = await chapters.read('mlp')
    expect(html).toContain('<a href="/posts/linreg#user-content-sec_basics">Section “Basics”</a>')
    expect(html).toContain('<a href="/posts/linreg#user-content-fig_fit">Figure 1 in “Linear Regression”</a>')
  })

  it('leaves what it cannot resolve as readable text, not a dead link, and warns about it', async () => {
    const html = await chapters.read('mlp')
    expect(html).toContain('see also Section “nowhere”.')
    expect(html).toContain('not missing.')
    expect(html).not.toContain('data-xref')
    expect(await chapters.warnings('mlp')).toEqual([
      'Cross-reference to another post not found: label "sec_nowhere" (shown as text)',
      'Cross-reference to another post not found: link other.md (shown as text)',
    ])
  })

  it('links relative .md files, with a label fragment as its element id, and drafts for admins only', async () => {
    const guest = await chapters.read('mlp')
    expect(guest).toContain('<a href="/posts/linreg#user-content-sec_basics">the chapter</a>')
    expect(guest).toContain('and the draft, not')
    expect(await chapters.read('mlp', true)).toContain('<a href="/posts/draft">the draft</a>')
  })

  it('links site-root paths to the post at that path under the same site, whatever the import order', async () => {
    const site = storeOf([
      {
        path: '/sites/spb/P/proof.md',
        slug: 'proof',
        title: 'Proof',
        markdown: 'Assume a [Wishart distribution](/D/wish) and its [pdf](/P/wish-pdf), not [this](/D/absent).\n',
      },
      { path: '/sites/spb/D/wish.md', slug: 'wishart', title: 'Wishart distribution', markdown: 'Definition.\n' },
      { path: '/sites/spb/P/wish-pdf.md', slug: 'wish-pdf', title: 'PDF', markdown: 'Proof.\n' },
      { path: '/elsewhere/D/absent.md', slug: 'absent', title: 'Another site', markdown: 'Not this one.\n' },
    ])
    const html = await site.read('proof')
    expect(html).toContain('<a href="/posts/wishart">Wishart distribution</a>')
    expect(html).toContain('<a href="/posts/wish-pdf">pdf</a>')
    expect(html).toContain('not this.')
  })

  it('resolves {% post_url %} by the Jekyll post file name', async () => {
    const jekyll = storeOf([
      {
        path: '/blog/_posts/2018-12-22-distill.md',
        slug: 'a-distill-style-blog-post',
        title: 'Distill',
        markdown: 'Body.\n',
      },
      {
        path: '/blog/_posts/2019-01-01-next.md',
        slug: 'next',
        title: 'Next',
        markdown:
          'See [the distill post]({% post_url 2018-12-22-distill %}) and [a gone one]({% post_url 2017-01-01-gone %}).\n',
      },
    ])
    const html = await jekyll.read('next')
    expect(html).toContain('<a href="/posts/a-distill-style-blog-post">the distill post</a>')
    expect(html).toContain('and a gone one.')
  })

  it('keeps links to this site’s own pages as they are', () => {
    const html = renderMarkdown(
      '[post](/posts/x), [about](/about), [feed](/rss.xml), [file](/assets/a.pdf), [web](https://example.org/a.md)\n',
    ).html
    expect(html).not.toContain('data-xref')
  })
})

describe('MyST links to a whole page of the book by its file name', () => {
  const book = storeOf([
    {
      path: '/book/lectures/stationary_densities.md',
      slug: 'continuous-state-markov-chains',
      title: 'Continuous State Markov Chains',
      markdown: '# Continuous State Markov Chains\n\n(statd_density_case)=\n## The density case\n\nText.\n',
    },
    {
      path: '/book/lectures/mcmc.md',
      slug: 'mcmc',
      title: 'MCMC',
      markdown:
        '# MCMC\n\n(mcmc_kernels)=\n## Kernels\n\nWe met these in [](stationary_densities), in [that lecture](stationary_densities),' +
        ' in {doc}`stationary_densities`, in {doc}`the lecture <stationary_densities>` and in' +
        ' [its density case](statd_density_case); not in [](nowhere_page).\n',
    },
  ])

  it('reads as the page’s title when the link has no text, as the author’s words otherwise', async () => {
    const html = await book.read('mcmc')
    const page = '<a href="/posts/continuous-state-markov-chains">'
    expect(html).toContain(
      `<p>We met these in ${page}Continuous State Markov Chains</a>, in ${page}that lecture</a>,` +
        ` in ${page}Continuous State Markov Chains</a>, in ${page}the lecture</a> and in` +
        ' <a href="/posts/continuous-state-markov-chains#user-content-statd_density_case">its density case</a>;' +
        ' not in “nowhere page”.</p>',
    )
    expect(html).not.toContain('data-xref')
  })
})
