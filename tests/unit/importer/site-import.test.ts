import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findEssayFiles } from '../../../src/importer/files/find-essay-files.js'
import { planImport } from '../../../src/importer/import-plan.js'

let base: string

async function tree(root: string, files: Record<string, string>): Promise<string> {
  const dir = join(base, root)
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(dir, path, '..'), { recursive: true })
    await writeFile(join(dir, path), text)
  }
  return dir
}

const essay = '# An essay\n\nText.\n'

beforeAll(async () => {
  base = await mkdtemp(join(tmpdir(), 'scholia-sites-'))
})
afterAll(() => rm(base, { recursive: true, force: true }))

/** The files a walk of `dir` imports, relative to it, and the root each one gets. */
async function imported(dir: string): Promise<Array<[string, string]>> {
  const found = await findEssayFiles([dir])
  return found.files.map((f) => [relative(dir, f), relative(dir, found.roots.get(f)!) || '.'])
}

describe('importing a site root', () => {
  it('Jekyll: only _posts/, with the site root as the root', async () => {
    const dir = await tree('jekyll', {
      '_config.yml': 'title: x\n',
      '_posts/2018-12-22-distill.md': essay,
      '_posts/2019/2019-01-01-nested.md': essay,
      '_pages/about.md': essay,
      '_news/announcement_1.md': essay,
      '_drafts/later.md': essay,
      'index.md': essay,
      'README.md': essay,
    })
    expect(await imported(dir)).toEqual([
      ['_posts/2018-12-22-distill.md', '.'],
      ['_posts/2019/2019-01-01-nested.md', '.'],
    ])
    const plan = await planImport([dir])
    expect(plan.sites).toEqual([{ kind: 'jekyll', root: dir, label: 'Jekyll site (_config.yml + _posts/)' }])
    const reasons = Object.fromEntries(plan.skipped.map((s) => [relative(dir, s.path), s.reason]))
    expect(reasons['README.md']).toMatch(/repository file/)
    expect(reasons['index.md']).toMatch(/only _posts/)
    expect(reasons['_pages']).toMatch(/only _posts/)
  })

  it('Jekyll: a post or _posts/ named directly still gets the site root', async () => {
    const dir = join(base, 'jekyll')
    const found = await findEssayFiles([join(dir, '_posts')])
    expect([...found.roots.values()]).toEqual([dir, dir])
    const one = await findEssayFiles([join(dir, '_posts/2018-12-22-distill.md')])
    expect(one.roots.get(join(dir, '_posts/2018-12-22-distill.md'))).toBe(dir)
  })

  it("Hugo: content/ only, without section list pages or the site's own pages", async () => {
    const dir = await tree('hugo', {
      'hugo.toml': 'title = "x"\n',
      'content/posts/first.md': essay,
      'content/posts/_index.md': essay,
      // the site's own pages beside its sections (ad-freiburg/ad-blog: content/about.md, `type: "page"`)
      'content/about.md': essay,
      'content/team.md': '---\ntitle: "Team"\ntype: "page"\n---\n\nWho we are.\n',
      'themes/paper/README.md': essay,
      'themes/paper/exampleSite/content/demo.md': essay,
      'archetypes/default.md': essay,
    })
    expect(await imported(dir)).toEqual([['content/posts/first.md', '.']])
  })

  it('Quarto: .md and .qmd documents, not _site/ or _freeze/', async () => {
    const dir = await tree('quarto', {
      '_quarto.yml': 'project:\n  type: website\n  output-dir: docs\n',
      'index.qmd': essay,
      'posts/welcome/index.qmd': essay,
      'posts/notes.md': essay,
      '_site/posts/notes.md': essay,
      '_freeze/posts/x.md': essay,
      'docs/copy.md': essay,
      'CHANGELOG.md': essay,
    })
    expect((await imported(dir)).map(([f]) => f)).toEqual(['index.qmd', 'posts/notes.md', 'posts/welcome/index.qmd'])
  })

  it("Quarto: not the site's own pages (listing:, about:) nor what Quarto does not render (_name)", async () => {
    const dir = await tree('quarto-blog', {
      '_quarto.yml': 'project:\n  type: website\n',
      'index.qmd': '---\ntitle: "Welcome!"\nabout:\n  template: jolla\n---\n\nMy name is A.\n',
      'blog.qmd': '---\ntitle: Blog\nlisting:\n  contents: posts\n---\n\n::: {#post-listing}\n:::\n',
      '_post_template.qmd': '---\ntitle: TITLE\ndraft: true\n---\n\nText.\n',
      'posts/_part.qmd': 'A part included elsewhere.\n',
      'posts/first.qmd': '---\ntitle: First\nlisting: false\n---\n\nText.\n',
      'posts/second/index.qmd': essay,
    })
    expect((await imported(dir)).map(([f]) => f)).toEqual(['posts/first.qmd', 'posts/second/index.qmd'])
    const found = await findEssayFiles([dir])
    const why = Object.fromEntries(found.skipped.map((s) => [relative(dir, s.path), s.reason]))
    expect(why['blog.qmd']).toMatch(/listing page/)
    expect(why['index.qmd']).toMatch(/About page/)
    expect(why['_post_template.qmd']).toMatch(/starts with _/)
  })

  it('d2l: the notebooks config.ini selects, less its exclusions', async () => {
    const dir = await tree('d2l', {
      'config.ini':
        '[project]\nname = d2l-en\n\n[build]\nnotebooks = *.md */*.md\nexclusions = README.md STYLE_GUIDE.md contrib/*md\n',
      'index.md': essay,
      'STYLE_GUIDE.md': essay,
      'chapter_intro/index.md': essay,
      'chapter_intro/deep/too-deep.md': essay,
      'contrib/extra.md': essay,
      'README.md': essay,
    })
    expect((await imported(dir)).map(([f]) => f)).toEqual(['chapter_intro/index.md', 'index.md'])
  })

  it('Jupyter Book: the files _toc.yml lists', async () => {
    const dir = await tree('jbook', {
      '_toc.yml':
        'format: jb-book\nroot: intro\nchapters:\n  - file: chapters/one\n  - file: chapters/two.md\n    sections:\n      - file: chapters/two-a\n',
      'intro.md': essay,
      'chapters/one.md': essay,
      'chapters/two.md': essay,
      'chapters/two-a.md': essay,
      'chapters/unlisted.md': essay,
      '_build/html/intro.md': essay,
    })
    expect((await imported(dir)).map(([f]) => f)).toEqual([
      'chapters/one.md',
      'chapters/two-a.md',
      'chapters/two.md',
      'intro.md',
    ])
  })

  it('Franklin: pages, not its layout, libraries, output or configuration', async () => {
    const dir = await tree('franklin', {
      'config.md': '@def title = "x"\n',
      'utils.jl': 'hfun_x() = ""\n',
      'index.md': essay,
      'blog/2020/post.md': essay,
      '_layout/head.md': essay,
      '_libs/katex/README.md': essay,
      '__site/index.md': essay,
      '_css/notes.md': essay,
    })
    expect((await imported(dir)).map(([f]) => f)).toEqual(['blog/2020/post.md', 'index.md'])
  })

  it('finds a site below the folder given, and keeps the given folder as the root elsewhere', async () => {
    const found = await findEssayFiles([base])
    const rootOf = (rel: string) => relative(base, found.roots.get(join(base, rel))!)
    expect(rootOf('jekyll/_posts/2018-12-22-distill.md')).toBe('jekyll')
    expect(rootOf('hugo/content/posts/first.md')).toBe('hugo')
    expect(found.sites.map((s) => s.kind).sort()).toEqual([
      'd2l',
      'franklin',
      'hugo',
      'jekyll',
      'jupyter-book',
      'quarto',
      'quarto',
    ])
  })
})

describe('repository files', () => {
  it('skips README, LICENSE, CHANGELOG, CONTRIBUTING and CODE_OF_CONDUCT in any case, unless named', async () => {
    const dir = await tree('repo', {
      'readme.md': essay,
      'docs/README.markdown': essay,
      'LICENSE.md': essay,
      'Changelog.md': essay,
      'CONTRIBUTING.md': essay,
      'code_of_conduct.md': essay,
      'essay.md': essay,
      'readme-for-students.md': essay,
    })
    expect((await imported(dir)).map(([f]) => f)).toEqual(['essay.md', 'readme-for-students.md'])
    const named = await findEssayFiles([join(dir, 'readme.md')])
    expect(named.files).toEqual([join(dir, 'readme.md')])
  })
})

describe('planImport (blog import --dry-run)', () => {
  it('lists files with their roots, skips with reasons and missing paths, and writes nothing', async () => {
    const dir = join(base, 'repo')
    const plan = await planImport([dir, join(base, 'nowhere')])
    expect(plan.files).toContainEqual({ path: join(dir, 'essay.md'), root: dir })
    expect(plan.skipped).toContainEqual({
      path: join(dir, 'LICENSE.md'),
      reason: expect.stringMatching(/repository file/),
    })
    expect(plan.missing).toEqual([join(base, 'nowhere')])
    expect(JSON.parse(JSON.stringify(plan))).toEqual(plan)
  })
})
