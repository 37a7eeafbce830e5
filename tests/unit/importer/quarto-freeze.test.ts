import { createHash } from 'node:crypto'
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createBlog, type Blog } from '../../../src/app/blog-with-store.js'
import { GUEST } from '../../../src/core/viewer.js'
import { bookFolder } from '../../helpers/book-page.js'
import { shownText } from '../../helpers/shown-text.js'
import { projectRoot, tempDir } from '../../helpers/temp-dir.js'

const folders: string[] = []
const blogs: Array<{ blog: Blog; cleanup: () => void }> = []
afterAll(async () => {
  for (const { blog, cleanup } of blogs) {
    await blog.close()
    cleanup()
  }
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})

const PLOT = join(
  projectRoot,
  'tests/fixtures/dialects/bookdown/screenshots/productivity/img/windows-screenshots/VirtualBox_Windows-7_22_03_2018_16_12_59.png',
)

const SOURCE = [
  '---',
  'title: Cars',
  '---',
  '',
  'Speed against distance, in @fig-cars.',
  '',
  '```{r}',
  '#| label: fig-cars',
  '#| fig-cap: Stopping distance',
  'plot(cars)',
  '```',
  '',
  '```{r}',
  'mean(cars$speed)',
  '```',
  '',
].join('\n')

/** What `quarto render` froze for SOURCE (the shape of quarto-web's `_freeze/…/html.json`). */
const FROZEN = [
  '---',
  'title: Cars',
  '---',
  '',
  'Speed against distance, in @fig-cars.',
  '',
  '::: {.cell}',
  '',
  '```{.r .cell-code}',
  'plot(cars)',
  '```',
  '',
  '::: {.cell-output-display}',
  '![Stopping distance](cars_files/figure-html/fig-cars-1.png){#fig-cars width=672}',
  ':::',
  ':::',
  '',
  '::: {.cell}',
  '',
  '```{.r .cell-code}',
  'mean(cars$speed)',
  '```',
  '',
  '::: {.cell-output .cell-output-stdout}',
  '',
  '```',
  '[1] 15.4',
  '```',
  '',
  ':::',
  ':::',
  '',
].join('\n')

/** A Quarto site with one page whose computations are frozen; `source` is what the page now says. */
function site(source: string, options: { freezeTrue?: boolean } = {}): string {
  const ran = options.freezeTrue ? source.replace('title: Cars', 'title: Cars\nfreeze: true') : source
  const root = bookFolder({
    '_quarto.yml': 'project:\n  type: website\n',
    'posts/cars.qmd': options.freezeTrue ? ran : source,
    '_freeze/posts/cars/execute-results/html.json': JSON.stringify({
      hash: createHash('md5').update(ran).digest('hex'),
      result: { engine: 'knitr', markdown: FROZEN, supporting: ['cars_files'], filters: [], includes: {} },
    }),
  })
  mkdirSync(join(root, '_freeze/posts/cars/figure-html'), { recursive: true })
  copyFileSync(PLOT, join(root, '_freeze/posts/cars/figure-html/fig-cars-1.png'))
  folders.push(root)
  return root
}

async function imported(root: string): Promise<Blog> {
  const tmp = tempDir('freeze-')
  const blog = await createBlog({ dataDir: join(tmp.path, 'data'), env: {}, log: () => {} })
  blogs.push({ blog, cleanup: tmp.cleanup })
  const report = await blog.importer.importPaths([root])
  expect(report.files.filter((f) => f.status === 'failed')).toEqual([])
  return blog
}

describe('a Quarto site with frozen computations (_freeze/)', () => {
  it('publishes the page as Quarto did: its plot a numbered figure from _freeze, its printed output shown', async () => {
    const blog = await imported(site(SOURCE))
    const post = await blog.posts.get('cars', GUEST)
    expect(post.html).toMatch(/<figure>[\s\S]*<img src="\/media\/[^"]+\.png"[\s\S]*Figure 1:[\s\S]*Stopping distance/)
    expect(post.html).toMatch(/<a href="#[^"]*fig-cars">Figure 1<\/a>/)
    expect(shownText(post.html)).toContain('[1] 15.4')
    expect(post.html).toContain('language-r')
    expect(post.html).not.toContain('cell-code')
  })

  it('reads the source, not a stale frozen result, once the page changed since it was frozen', async () => {
    const root = site(SOURCE)
    writeFileSync(join(root, 'posts/cars.qmd'), SOURCE.replace('Speed against', 'Now: speed against'))
    const post = await (await imported(root)).posts.get('cars', GUEST)
    expect(shownText(post.html)).toContain('Now: speed against')
    expect(shownText(post.html)).not.toContain('[1] 15.4')
  })

  it('uses the frozen result of a page that says freeze: true, as Quarto never re-runs it', async () => {
    const root = site(SOURCE, { freezeTrue: true })
    writeFileSync(
      join(root, 'posts/cars.qmd'),
      SOURCE.replace('title: Cars', 'title: Cars\nfreeze: true') + '\nEdited.\n',
    )
    const post = await (await imported(root)).posts.get('cars', GUEST)
    expect(shownText(post.html)).toContain('[1] 15.4')
  })

  // djnavarro/quarto-blog: `posts/_metadata.yml` says `freeze: true`; 37 of its 68 posts were edited after they ran.
  it('uses the frozen result of an edited page when its folder’s _metadata.yml says freeze: true', async () => {
    const root = site(SOURCE)
    writeFileSync(join(root, 'posts/cars.qmd'), SOURCE + '\nA typo fixed.\n')
    writeFileSync(join(root, 'posts/_metadata.yml'), '# Freeze computed outputs\nfreeze: true\n')
    const post = await (await imported(root)).posts.get('cars', GUEST)
    expect(shownText(post.html)).toContain('[1] 15.4')
  })

  it('lets the page’s own freeze: auto win over its folder’s freeze: true', async () => {
    const root = site(SOURCE)
    writeFileSync(
      join(root, 'posts/cars.qmd'),
      SOURCE.replace('title: Cars', 'title: Cars\nexecute:\n  freeze: auto') + '\nEdited.\n',
    )
    writeFileSync(join(root, 'posts/_metadata.yml'), 'freeze: true\n')
    const post = await (await imported(root)).posts.get('cars', GUEST)
    expect(shownText(post.html)).not.toContain('[1] 15.4')
  })

  it('ignores a frozen result that is not Quarto’s shape', async () => {
    const root = site(SOURCE)
    writeFileSync(join(root, '_freeze/posts/cars/execute-results/html.json'), '{"hash": 1}')
    const post = await (await imported(root)).posts.get('cars', GUEST)
    expect(shownText(post.html)).toContain('Speed against distance')
    expect(shownText(post.html)).not.toContain('[1] 15.4')
  })
})
