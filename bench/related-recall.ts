// npx tsx bench/related-recall.ts [--json]: how well related posts find what authors link to.
// StatProofBook's proofs link to the proofs they build on (`/P/shortcut`): their authors' own
// judgement of what is related. Recall@5 = per proof with such links, the share of its linked
// proofs found among its 5 related posts, averaged over those proofs. The links themselves
// are not a signal of the method (it reads text, concepts, categories and structure only).
import { existsSync, readFileSync, rmSync, mkdirSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createBlog } from '../src/app/blog-with-store.js'
import { GUEST } from '../src/core/viewer.js'

export interface RecallResult {
  essays: number
  queries: number
  recallAt5: number
}

export async function relatedRecall(corpusDir: string, workDir: string, k = 5): Promise<RecallResult> {
  rmSync(workDir, { recursive: true, force: true })
  mkdirSync(workDir, { recursive: true })
  const blog = await createBlog({ dataDir: join(workDir, 'data'), env: {}, log: () => {} })
  try {
    await blog.importer.importPaths([corpusDir])
    const posts = blog.store.posts()
    const byShortcut = new Map(
      posts
        .filter((p) => p.source && /[/\\]P[/\\]/.test(p.source.path))
        .map((p) => [basename(p.source!.path, '.md'), p]),
    )
    let total = 0
    let queries = 0
    for (const [shortcut, post] of byShortcut) {
      const markdown = readFileSync(post.source!.path, 'utf8')
      const linked = new Set(
        [...markdown.matchAll(/\]\(\/P\/([\w-]+)/g)]
          .map((m) => m[1])
          .filter((s) => s !== shortcut && byShortcut.has(s)),
      )
      if (linked.size === 0) continue
      const related = await blog.discovery.related(GUEST, post.id, k)
      const found = related.filter((r) => linked.has(basename(blog.store.post(r.id)!.source!.path, '.md'))).length
      total += found / linked.size
      queries++
    }
    return { essays: posts.length, queries, recallAt5: queries ? Math.round((total / queries) * 1000) / 1000 : 0 }
  } finally {
    await blog.close()
    rmSync(workDir, { recursive: true, force: true })
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = fileURLToPath(new URL('..', import.meta.url))
  const result = await relatedRecall(join(findCorpus(root), 'statproofbook'), join(root, 'bench', '.tmp-recall'))
  if (process.argv.includes('--json')) process.stdout.write(`${JSON.stringify(result)}\n`)
  else
    console.log(
      `related.recallAt5  ${result.recallAt5}  (${result.queries} proofs with links, ${result.essays} essays)`,
    )
}

/** `shared/corpus` beside the checkout, or beside a folder above it (git worktrees live deeper). */
export function findCorpus(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, '..', 'shared', 'corpus')
    if (existsSync(candidate)) return candidate
    if (dirname(dir) === dir) return join(from, '..', 'shared', 'corpus')
  }
}
