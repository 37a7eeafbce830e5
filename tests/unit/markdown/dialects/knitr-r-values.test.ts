import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { documentOfRender, renderMarkdown } from '../../../../src/markdown/index.js'
import { contextFromDocument } from '../../../../src/markdown/document-context.js'
import { folderListerFor } from '../../../../src/importer/assets/folder-context.js'
import { shownText } from '../../../helpers/shown-text.js'

/** The pictures a reader sees, in order. */
const pictures = (html: string): string[] => [...html.matchAll(/<img src="([^"]*)"/g)].map((m) => m[1])

/** A chunk of R, its options and code. */
const chunk = (options: string, code: string): string => `\`\`\`{r${options}}\n${code}\n\`\`\`\n`

/** Folders as a book would hold them, for `list.files()`. */
const folders = (listing: Record<string, string[]>) => (ref: string) => listing[ref] ?? null

describe('bookdown figures computed by R vectors (rafalab/dsbook)', () => {
  const root = fileURLToPath(new URL('../../../fixtures/dialects/bookdown/screenshots/', import.meta.url))
  const path = `${root}productivity/git.Rmd`
  const text = readFileSync(path, 'utf8')
  const listFolder = folderListerFor({ path, text, mtime: new Date(), root })
  const rendered = renderMarkdown(text, listFolder ? { listFolder } : {})
  const shots = 'productivity/img/windows-screenshots/VirtualBox_Windows-7_'
  /** Each file stored as the import stores it, under its name. */
  const resolveAsset = (ref: string) => ({ url: `/media/assets/${ref.split('/').pop()}`, mime: 'image/png', bytes: 1 })

  it('shows screenshots[n], screenshots[a:b] and c(…) of the files list.files() found, sorted as R sorts them', () => {
    expect(pictures(rendered.html)).toEqual([
      `${shots}22_03_2018_16_13_29.png`,
      `${shots}22_03_2018_16_12_59.png`,
      `${shots}22_03_2018_16_13_21.png`,
      `${shots}23_03_2018_11_04_20.png`,
      'productivity/img/mac-screenshots/Screen-Shot-2018-04-11-at-10.36.29-AM.png',
    ])
    expect(shownText(rendered.html)).not.toMatch(/include_graphics|screenshots\[/)
  })

  it('keeps a chunk commented out in <!-- --> hidden, and shows nothing for an index past the end', () => {
    expect(rendered.html).not.toContain('screenshots[1]')
    expect(rendered.html).not.toContain('screenshots[9]')
    expect(pictures(rendered.html)).toHaveLength(5)
  })

  it('renders the same pictures again from the stored document, which no longer sees the folders', () => {
    const imported = renderMarkdown(text, { resolveAsset, ...(listFolder ? { listFolder } : {}) })
    const again = renderMarkdown(text, contextFromDocument(documentOfRender(imported)))
    expect(pictures(again.html)).toHaveLength(5)
    expect(pictures(again.html)).toEqual(pictures(imported.html))
  })
})

describe('R values a chunk computes, and those only R could tell', () => {
  const listing = folders({ img: ['b.png', 'a.png', 'c.png'], mixed: ['B.png', 'a.png'] })

  it('shows x[c(1, 3)], x[-1] and paste0() of numbers, values assigned with = or ->', () => {
    const rmd = [
      chunk(', include=FALSE', 'files = file.path("img", list.files("img"))\n"png" -> ext'),
      chunk(', echo=FALSE', 'knitr::include_graphics(files[c(1, 3)])'),
      chunk(', echo=FALSE', 'include_graphics(files[-1], dpi = NA)'),
      chunk(', echo=FALSE', 'knitr::include_graphics(paste0("fig/p", 1:2, ".", ext))'),
    ].join('\n')
    expect(pictures(renderMarkdown(rmd, { listFolder: listing }).html)).toEqual([
      'img/a.png',
      'img/c.png',
      'img/b.png',
      'img/c.png',
      'fig/p1.png',
      'fig/p2.png',
    ])
  })

  it('shows the picture a hidden chunk includes after assignments, which print nothing; a shown one stays code', () => {
    const code = 'pattern <- "^\\\\d$"\ns <- c("1", "5")\nknitr::include_graphics(file.path("img", "str_view-4.png"))'
    expect(pictures(renderMarkdown(chunk(', echo=FALSE', code)).html)).toEqual(['img/str_view-4.png'])
    const shown = renderMarkdown(chunk('', code)).html
    expect(pictures(shown)).toEqual([])
    expect(shown).toContain('include_graphics')
  })

  it('shows no picture when the order of list.files() depends on the locale R ran in', () => {
    const rmd =
      chunk(', echo=FALSE', 'x <- list.files("mixed", full.names = TRUE)') + chunk('', 'knitr::include_graphics(x[1])')
    const { html } = renderMarkdown(rmd, { listFolder: listing })
    expect(pictures(html)).toEqual([])
    expect(html).toContain('include_graphics')
  })

  it('forgets a value the code changes in a way it cannot follow, rather than show an old one', () => {
    const cases = [
      'img <- here::here("b.png")',
      'img[1] <- "b.png"',
      'if (knitr::is_html_output()) img <- "b.png"',
      'f <- function() img <<- "b.png"',
      'source("setup.R")',
      'for (img in c("b.png")) print(img)',
    ]
    for (const change of cases) {
      const rmd =
        chunk('', 'img <- "a.png"') + chunk('', change) + chunk(', echo=FALSE', 'knitr::include_graphics(img)')
      expect(pictures(renderMarkdown(rmd).html), change).toEqual([])
    }
  })

  it('keeps what an unrelated statement leaves alone, and reads a chunk that does not run as not run', () => {
    const rmd = [
      chunk('', 'img <- "a.png"\nc <- -1\nrm(other)\nx <- c(c, 2)'),
      chunk(', eval=FALSE', 'img <- "b.png"'),
      chunk(', echo=FALSE', 'knitr::include_graphics(c(img))'),
      chunk(', eval=FALSE', 'knitr::include_graphics("never.png")'),
    ].join('\n')
    const { html } = renderMarkdown(rmd)
    expect(pictures(html)).toEqual(['a.png'])
    // knitr shows a chunk it does not run as code, and makes no picture of it.
    expect(html).toContain('never.png')
  })

  it('shows nothing for list.files() without the book at hand', () => {
    const rmd = chunk(', echo=FALSE', 'x <- list.files("img")') + chunk(', echo=FALSE', 'knitr::include_graphics(x[1])')
    expect(pictures(renderMarkdown(rmd).html)).toEqual([])
  })
})

describe('R chunks on hostile input', () => {
  it('stays fast and never throws on deep nesting, long vectors and unclosed strings', () => {
    const rmd = [
      chunk('', `x <- ${'('.repeat(15_000)}"a"${')'.repeat(15_000)}`),
      chunk('', `y <- ${'-'.repeat(15_000)}1`),
      chunk('', 'z <- 1:1e9\nw <- rep("a.png", 1e6)\nv <- "unclosed'),
      chunk(', echo=FALSE', 'knitr::include_graphics(c(x, z, w))'),
      chunk('', `u <- c(${'"a", '.repeat(5_000)}"b")\n${'%'.repeat(2_000)}`),
    ].join('\n')
    const start = performance.now()
    expect(pictures(renderMarkdown(rmd).html)).toEqual([])
    expect(performance.now() - start).toBeLessThan(10_000)
  })
})
