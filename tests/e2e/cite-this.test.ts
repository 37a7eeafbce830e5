import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { servedBlog } from '../helpers/blog.js'
import { hydrated, launchBrowser, type TestBrowser } from '../helpers/browser.js'
import { projectRoot, tempDir } from '../helpers/temp-dir.js'

/**
 * "Cite this essay" as a reader uses it (issue 40): at 1280 and 375 px, light and dark, the
 * copy buttons put the APA reference and the BibTeX entry on the clipboard and say "Copied",
 * by mouse and by keyboard. Screenshots go to tests/e2e/screenshots/cite-*.png.
 */

const shots = join(projectRoot, 'tests', 'e2e', 'screenshots')
const SLUG = 'attention-as-a-measure-of-relevance'
const AUTHORS = ['Vaswani, Ashish', 'Noam Shazeer', 'Niki Parmar', 'Jakob Uszkoreit', 'Llion Jones', 'Aidan N. Gomez']

const ESSAY = `---
title: "Attention as a Measure of Relevance: Entropy, R&D and 50% Rules"
slug: ${SLUG}
date: 2025-05-02
authors:
${AUTHORS.map((a) => `  - ${a}`).join('\n')}
doi: 10.5281/zenodo.1234567
version: 2.1.0
archive: https://web.archive.org/web/2025/https://example.org/attention
tags: [attention]
---

Attention weighs every token by its relevance to every other, and the weights are a distribution.

## Entropy of attention

A sharp attention distribution has low entropy; a flat one spreads its weight over everything.
`

let ctx: Awaited<ReturnType<typeof servedBlog>>
let browser: TestBrowser
let essays: ReturnType<typeof tempDir>

beforeAll(async () => {
  mkdirSync(shots, { recursive: true })
  ctx = await servedBlog({ fixtures: null })
  essays = tempDir('cite-this-')
  writeFileSync(join(essays.path, `${SLUG}.md`), ESSAY)
  await ctx.blog.importer.importPaths([essays.path])
  browser = await launchBrowser()
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: ctx.server.url })
}, 120_000)

afterEach(() => browser?.closePages())
afterAll(async () => {
  await browser?.close()
  await ctx?.cleanup()
  essays?.cleanup()
})

async function open(width: number, scheme: 'light' | 'dark'): Promise<{ page: Page; errors: string[] }> {
  const errors: string[] = []
  const page = await browser.context.newPage()
  page.on('pageerror', (e) => errors.push(e.message))
  page.on('console', (m) => m.type() === 'error' && !/status of (401|404)/.test(m.text()) && errors.push(m.text()))
  await page.setViewportSize({ width, height: 900 })
  await page.emulateMedia({ colorScheme: scheme })
  await page.goto(`${ctx.server.url}/posts/${SLUG}`)
  await hydrated(page)
  return { page, errors }
}

const box = (page: Page) => page.locator('.cite-box')
const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText())

describe('Cite this essay', () => {
  for (const width of [1280, 375]) {
    for (const scheme of ['light', 'dark'] as const) {
      it(`copies the BibTeX and the APA reference and says "Copied" at ${width} px, ${scheme}`, async () => {
        const { page, errors } = await open(width, scheme)
        const cite = box(page)
        await cite.scrollIntoViewIfNeeded()
        await expect(cite.getByRole('heading', { name: 'Cite this essay' }).isVisible()).resolves.toBe(true)

        // the box is on the page as the server sent it, and the same width whatever the button says
        const bibtexButton = cite.getByRole('button', { name: 'Copy BibTeX entry' })
        const before = await bibtexButton.boundingBox()
        await bibtexButton.click()
        await cite.getByRole('button', { name: 'Copied BibTeX entry' }).waitFor()
        const after = await cite.getByRole('button', { name: 'Copied BibTeX entry' }).boundingBox()
        expect(after?.width).toBe(before?.width)
        await expect(cite.getByRole('status').filter({ hasText: 'BibTeX entry copied' }).count()).resolves.toBe(1)
        const bibtex = await clipboard(page)
        expect(bibtex).toMatch(/^@online\{vaswani2025attention,/)
        expect(bibtex).toContain('title = {Attention as a Measure of Relevance: Entropy, R\\&D and 50\\% Rules}')
        expect(bibtex).toContain(
          'author = {Vaswani, Ashish and Noam Shazeer and Niki Parmar and Jakob Uszkoreit and Llion Jones and Aidan N. Gomez}',
        )
        expect(bibtex).toContain('doi = {10.5281/zenodo.1234567}')
        await page.screenshot({ path: join(shots, `cite-${width}-${scheme}-copied.png`), fullPage: false })

        await cite.getByRole('button', { name: 'Copy APA reference' }).click()
        await cite.getByRole('button', { name: 'Copied APA reference' }).waitFor()
        expect(await clipboard(page)).toBe(
          'Vaswani, A., Shazeer, N., Parmar, N., Uszkoreit, J., Jones, L., & Gomez, A. N. (2025, May 2). ' +
            'Attention as a Measure of Relevance: Entropy, R&D and 50% Rules (Version 2.1.0). Scholia. https://doi.org/10.5281/zenodo.1234567',
        )
        await cite.screenshot({ path: join(shots, `cite-${width}-${scheme}-box.png`) })

        // nothing reaches past the window's edge
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        )
        expect(overflow).toBeLessThanOrEqual(0)
        expect(errors).toEqual([])
      }, 60_000)
    }
  }

  it('shows the DOI, version and archived copy under the byline', async () => {
    const { page } = await open(1280, 'light')
    const ids = page.locator('.post-identifiers')
    await expect(
      ids.getByRole('link', { name: 'https://doi.org/10.5281/zenodo.1234567' }).getAttribute('href'),
    ).resolves.toBe('https://doi.org/10.5281/zenodo.1234567')
    await expect(ids.textContent()).resolves.toContain('Version 2.1.0')
    await expect(ids.getByRole('link', { name: 'Archived copy' }).count()).resolves.toBe(1)
    await page.locator('.post-header').screenshot({ path: join(shots, 'cite-1280-header.png') })
    await page.setViewportSize({ width: 375, height: 900 })
    await page.locator('.post-header').screenshot({ path: join(shots, 'cite-375-header.png') })
  }, 60_000)

  it('works from the keyboard, with a visible focus ring', async () => {
    const { page } = await open(1280, 'light')
    const button = box(page).getByRole('button', { name: 'Copy BibTeX entry' })
    // Tab from the APA button, as a keyboard reader moves through the box
    await box(page).getByRole('button', { name: 'Copy APA reference' }).focus()
    await page.keyboard.press('Tab')
    await expect(button.evaluate((el) => el === document.activeElement)).resolves.toBe(true)
    const outline = await button.evaluate((el) => getComputedStyle(el).outlineStyle)
    expect(outline).not.toBe('none')
    await page.keyboard.press('Enter')
    await box(page).getByRole('button', { name: 'Copied BibTeX entry' }).waitFor()
    expect(await clipboard(page)).toMatch(/^@online\{/)
    // focus stays on the button the reader pressed
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toContain('Copied')
    await box(page).screenshot({ path: join(shots, 'cite-1280-keyboard.png') })
    // and "Copied" gives way to "Copy" again
    await box(page).getByRole('button', { name: 'Copy BibTeX entry' }).waitFor({ timeout: 5_000 })
  }, 60_000)
})
