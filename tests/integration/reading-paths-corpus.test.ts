import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createBlog, type Blog } from '../../src/app/blog-with-store.js'
import type { Viewer } from '../../src/core/viewer.js'
import type { PostMeta } from '../../src/shared/schemas/index.js'
import { corpusDir, tempDir } from '../helpers/temp-dir.js'
import { copyCorpusData } from '../helpers/corpus-import.js'

/**
 * Issue 22, "Done means": reading paths for the d2l optimization posts and the statproofbook
 * regression posts follow the book's order, and a formal proof's argument strength is not below
 * a link list's — on the corpus itself, read as the owner reads the sidebar and the analytics.
 * The book's order is read here from the corpus files (d2l's `toc` block, statproofbook's links
 * from a proof to the results it uses), not from the code under test.
 */
const tmp = tempDir('paths-')
let blog: Blog
const owner = { userId: 0, role: 'admin' } as Viewer

beforeAll(async () => {
  await copyCorpusData(join(tmp.path, 'data'))
  blog = await createBlog({ dataDir: join(tmp.path, 'data'), env: {}, log: () => {} })
}, 240_000)

afterAll(async () => {
  await blog?.close()
  tmp.cleanup()
})

const family = (dir: string) => blog.store.posts().filter((p) => p.source?.path.includes(`/${dir}/`))
const bySource = (end: string) => blog.store.posts().find((p) => p.source?.path.endsWith(end))!
const fileName = (p: PostMeta) => p.source!.path.split(/[\\/]/).pop()!.replace(/\.md$/, '')

describe('reading paths follow the book (issue 22)', () => {
  it('every path through the d2l optimization chapter keeps the chapter’s own order', async () => {
    const toc = /```toc\n([\s\S]*?)```/.exec(
      readFileSync(join(corpusDir, 'd2l-en', 'chapter_optimization', 'index.md'), 'utf8'),
    )![1]
    const bookOrder = toc
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith(':'))
    const chapter = family('chapter_optimization')
    const place = new Map(chapter.map((p) => [p.slug, bookOrder.indexOf(fileName(p))]))
    expect(bookOrder.length).toBeGreaterThan(8)
    let checked = 0
    for (const post of chapter) {
      const sidebar = await blog.discovery.smartSidebar(owner, post.id)
      for (const path of sidebar.readingPaths) {
        const inBook = path.essays.map((e) => place.get(e.slug)).filter((i): i is number => i !== undefined && i >= 0)
        expect(inBook, `${post.slug}: ${path.title}`).toEqual([...inBook].sort((a, b) => a - b))
        checked += inBook.length >= 2 ? 1 : 0
      }
    }
    // Adam's own path (the issue: "the book reversed") reads Adam last, after what it builds on.
    const adam = await blog.discovery.smartSidebar(owner, bySource('chapter_optimization/adam.md').id)
    const around = adam.readingPaths.find((p) => p.essays.some((e) => place.get(e.slug) === bookOrder.indexOf('adam')))!
    const slugs = around.essays.map((e) => e.slug)
    expect(slugs.at(-1)).toBe(bySource('chapter_optimization/adam.md').slug)
    expect(slugs.indexOf(bySource('chapter_optimization/gd.md').slug)).toBeLessThan(
      slugs.indexOf(bySource('chapter_optimization/momentum.md').slug),
    )
    expect(checked).toBeGreaterThan(5)
  })

  it('every path through the statproofbook regression posts puts a result before the proofs that use it', async () => {
    const proofs = family('statproofbook').filter((p) => /^(?:slr|mlr|blr|blrkc|glm)-/.test(fileName(p)))
    expect(proofs.length).toBeGreaterThan(20)
    const bySlug = new Map(family('statproofbook').map((p) => [p.slug, p]))
    // What each post links to, from its markdown source: `[…](/P/blr-post)`, `[…](/D/mlr)`.
    const uses = new Map(
      [...bySlug.values()].map((p) => [
        p.slug,
        new Set([...readFileSync(p.source!.path, 'utf8').matchAll(/\]\(\/[DP]\/([\w-]+)\)/g)].map((m) => m[1])),
      ]),
    )
    const builds = (a: PostMeta, b: PostMeta) => uses.get(a.slug)!.has(fileName(b))
    let pairs = 0
    for (const post of proofs) {
      const sidebar = await blog.discovery.smartSidebar(owner, post.id)
      for (const path of sidebar.readingPaths) {
        const metas = path.essays.map((e) => bySlug.get(e.slug)).filter((m): m is PostMeta => !!m)
        metas.forEach((later, j) =>
          metas.slice(0, j).forEach((earlier) => {
            // An earlier essay never builds on a later one (unless they link to each other).
            if (builds(earlier, later) && !builds(later, earlier))
              expect.fail(`${post.slug} / ${path.title}: “${earlier.title}” uses “${later.title}” but comes first`)
            if (builds(later, earlier)) pairs++
          }),
        )
      }
    }
    // The case: the BLR posterior comes before the posts that build on it.
    const post = bySource('statproofbook/P/blr-post.md')
    const sidebar = await blog.discovery.smartSidebar(owner, post.id)
    const withUsers = sidebar.readingPaths.filter((p) =>
      p.essays.some((e) => e.slug !== post.slug && builds(bySlug.get(e.slug)!, post)),
    )
    expect(withUsers.length).toBeGreaterThan(0)
    for (const path of withUsers) {
      const at = path.essays.findIndex((e) => e.slug === post.slug)
      const users = path.essays.filter((e) => builds(bySlug.get(e.slug)!, post))
      for (const u of users) expect(path.essays.indexOf(u), `${u.title} in ${path.title}`).toBeGreaterThan(at)
      // The step says why it stands there, with its evidence.
      for (const u of users) expect(u.reason).toMatch(/^Builds on “/)
    }
    expect(pairs).toBeGreaterThan(10)
  })
})

describe('argument strength on the corpus (issue 22)', () => {
  it('rates no statproofbook proof below a list of links, and says how', async () => {
    const proofs = family('statproofbook/P').filter((p) => /\*\*Proof:\*\*/.test(readFileSync(p.source!.path, 'utf8')))
    const lists = [
      // The 233-word link list, a list of talks and a chapter's contents page.
      'julialang-blog/blog/2021/04/gsod-2020-wrapup.md',
      'julialang-blog/blog/2014/08/juliacon-opening-session.md',
      'd2l-en/chapter_optimization/index.md',
    ].map(bySource)
    expect(proofs.length).toBeGreaterThan(80)
    const score = async (p: PostMeta) => ({ p, a: await blog.discovery.argumentStrength(owner, p.id) })
    const proofScores = await Promise.all(proofs.map(score))
    const listScores = await Promise.all(lists.map(score))
    const weakestProof = proofScores.reduce((x, y) => (y.a.overallScore < x.a.overallScore ? y : x))
    const strongestList = listScores.reduce((x, y) => (y.a.overallScore > x.a.overallScore ? y : x))
    console.log(
      `argument strength: weakest of ${proofs.length} proofs ${weakestProof.a.overallScore} (${fileName(weakestProof.p)}), strongest link list ${strongestList.a.overallScore} (${fileName(strongestList.p)})`,
    )
    expect(weakestProof.a.overallScore, fileName(weakestProof.p)).toBeGreaterThan(strongestList.a.overallScore)
    // The example: a proof that cites nothing outside the book still stands on its steps.
    const marg = proofScores.find((s) => s.p.source!.path.endsWith('P/matn-marg.md'))!.a
    expect(marg.method!.join(' ')).toMatch(/\d+ derivation steps giving their reason \(half each\)/)
    expect(marg.method!.join(' ')).toMatch(/\d+ results of this site it builds on/)
    for (const { a } of listScores) expect(a.weakPoints.join(' ')).toMatch(/links stand alone/)
  })
})
