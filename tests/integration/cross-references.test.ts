import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { createBlog, type Blog } from '../../src/app/blog-with-store.js'
import { GUEST } from '../../src/core/viewer.js'
import type { ImportReport } from '../../src/importer/import-service.js'
import { corpusDir, tempDir } from '../helpers/temp-dir.js'
import { copyCorpusData, fromFamily, reportOf } from '../helpers/corpus-import.js'

/**
 * Issue 20, "Cross-references": statproofbook's `/D/…` and `/P/…` site links and d2l's labels
 * across chapters lead to the imported posts, read as a guest would read them; what the corpus
 * does not hold stays text (never a dead link) and is an import warning.
 */
const tmp = tempDir('xref-')
let blog: Blog
let report: ImportReport

beforeAll(async () => {
  // The shared import of the corpus (helpers/corpus-import.ts): statproofbook and d2l come first
  // in it, in this order; the report is theirs, and each check reads the pages of one family.
  report = reportOf(await copyCorpusData(join(tmp.path, 'data')), ['statproofbook', 'd2l-en'])
  blog = await createBlog({ dataDir: join(tmp.path, 'data'), env: {}, log: () => {} })
}, 240_000)

afterAll(async () => {
  await blog?.close()
  tmp.cleanup()
})

/** Served HTML of every post imported from `family`, as a guest reads it. */
async function servedHtml(family: string): Promise<Array<{ path: string; html: string }>> {
  const metas = blog.store.posts().filter((p) => p.source?.path.includes(`/${family}/`))
  return Promise.all(
    metas.map(async (m) => ({ path: m.source!.path, html: (await blog.posts.get(m.slug, GUEST)).html })),
  )
}

describe('cross-references across imported posts', () => {
  it('every statproofbook /D/ and /P/ link leads to an imported post; the others are text and warnings', async () => {
    expect(report.summary.failed).toBe(0)
    const posts = await servedHtml('statproofbook')
    expect(posts.length).toBe(111)
    const corpusPages = new Set(
      ['D', 'P'].flatMap((dir) =>
        readdirSync(join(corpusDir, 'statproofbook', dir)).map((f) => `/${dir}/${f.replace(/\.md$/, '')}`),
      ),
    )

    let linked = 0
    for (const { html } of posts) {
      // No link is left pointing at the original site's addresses, which answer 404 here.
      expect(html).not.toMatch(/href="\/[DP]\//)
      expect(html).not.toContain('data-xref=')
      for (const m of html.matchAll(/<a href="\/posts\/([^"#]+)(?:#[^"]*)?"/g)) {
        expect(blog.store.postBySlug(decodeURIComponent(m[1])), m[1]).not.toBeNull()
        linked++
      }
    }
    const warned = report.files.flatMap((f) => f.warnings).filter((w) => /not found: link \/[DP]\//.test(w))
    // Each warning names a page the corpus does not hold.
    for (const w of warned) expect(corpusPages.has(/link (\/[DP]\/[^\s#]+)/.exec(w)![1])).toBe(false)
    console.log(`statproofbook: ${linked} links to imported posts, ${warned.length} (file, target) pairs left as text`)
    expect(linked).toBeGreaterThan(180)
  })

  it('d2l chapters imported together link their labels to each other’s sections; the rest are warned about', async () => {
    const posts = await servedHtml('d2l-en')
    const metas = blog.store.posts().filter((p) => p.source?.path.includes('/d2l-en/'))
    // Before resolution, every label reference to another chapter was bare text in the stored HTML.
    let before = 0
    for (const meta of metas)
      before += ((await blog.store.body(meta)).html.match(/data-xref="(?:eq)?label:/g) ?? []).length
    const undefinedLabels = new Set(
      report.files.flatMap((f) => f.warnings).flatMap((w) => /not found: label "([^"]+)"/.exec(w)?.[1] ?? []),
    )
    let bare = 0
    let linked = 0
    for (const { html } of posts) {
      // A label reference outside any link ("Section “batch norm”" as plain text).
      const text = html.replace(/<a\b[^>]*>[\s\S]*?<\/a>/g, '')
      for (const m of text.matchAll(/(?:Section|Chapter|Figure|Table) “([^”]*)”/g)) {
        bare++
        // Only labels that no imported chapter defines (their chapters are not in the corpus).
        const key = [...undefinedLabels].find((k) => k.replace(/^[a-z]+_/, '').replace(/[_-]+/g, ' ') === m[1])
        expect(key, m[0]).toBeDefined()
      }
      linked += (
        html.match(/<a href="\/posts\/[^"]+#user-content-[^"]*">(?:Section|Chapter|Figure|Table|Equation) /g) ?? []
      ).length
    }
    console.log(
      `d2l: ${before} label references to other chapters; ${linked} now linked, ${bare} left as text (${undefinedLabels.size} labels no imported chapter defines)`,
    )
    expect(linked).toBeGreaterThan(40)
    expect(bare).toBeLessThan(before - 40)
  })

  it('a chapter’s :label: heading keeps the id a link points at', async () => {
    const lr = blog.store
      .posts()
      .find((p) => p.source?.path.endsWith('chapter_linear-regression/linear-regression.md'))!
    const html = (await blog.posts.get(lr.slug, GUEST)).html
    // The importer takes the chapter's `#` heading for the title; its label stays as an anchor.
    expect(html).toContain('id="user-content-sec_linear_regression"')
    const links = (await servedHtml('d2l-en')).flatMap(({ html }) =>
      [...html.matchAll(new RegExp(`href="/posts/${lr.slug}#([^"]+)"`, 'g'))].map((m) => m[1]),
    )
    expect(links.length).toBeGreaterThan(0)
    for (const id of links) expect(html).toContain(`id="${decodeURIComponent(id)}"`)
  })

  it('an equation referred to from another chapter is linked to the equation itself', async () => {
    const pages = await servedHtml('d2l-en')
    const bySlug = new Map(
      await Promise.all(
        blog.store
          .posts()
          .filter((p) => fromFamily(p.source?.path, ['statproofbook', 'd2l-en']))
          .map(async (m) => [m.slug, (await blog.posts.get(m.slug, GUEST)).html] as const),
      ),
    )
    const links = pages.flatMap(({ html }) =>
      [...html.matchAll(/href="\/posts\/([^"#]+)#(user-content-eq-[^"]+)"/g)].map((m) => ({
        slug: decodeURIComponent(m[1]),
        id: decodeURIComponent(m[2]),
      })),
    )
    expect(links.length).toBeGreaterThan(0)
    for (const { slug, id } of links) expect(bySlug.get(slug), `${slug}#${id}`).toContain(`id="${id}"`)
  })

  it('a d2l chapter page lists its sections in the book’s order, each linked and named by its title', async () => {
    const chapter = blog.store.posts().find((p) => p.source?.path.endsWith('chapter_optimization/index.md'))!
    const html = (await blog.posts.get(chapter.slug, GUEST)).html
    const listed = [...html.matchAll(/<li><a href="\/posts\/([^"]+)"[^>]*>([^<]+)<\/a><\/li>/g)].map((m) => m[2])
    expect(listed.slice(0, 3)).toEqual(['Optimization and Deep Learning', 'Convexity', 'Gradient Descent'])
    expect(listed).toContain('Adam')
    expect(html).not.toContain('>gd<')
  })
})
