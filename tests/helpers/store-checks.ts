import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createBlog } from '../../src/app/blog-with-store.js'
import { GUEST } from '../../src/core/viewer.js'
import type { JobRecord, PostMeta } from '../../src/shared/schemas/index.js'

export interface Inspection {
  posts: PostMeta[]
  listed: number
  jobs: JobRecord[]
  subscribers: string[]
  comments: { postId: number; text: string }[]
  /** Everything a user would call broken: empty when the data folder is sound. */
  problems: string[]
}

/**
 * Open the data folder as any command would (createBlog), list the posts as a guest, read
 * every post's body, and look for what a crash must never leave: duplicate posts, a commit
 * half applied, temp files.
 */
export async function inspectDataDir(dataDir: string): Promise<Inspection> {
  const blog = await createBlog({ dataDir, env: {}, log: () => {} })
  try {
    const problems: string[] = []
    const posts = [...blog.store.posts()]
    const listed = (await blog.posts.list(GUEST)).length
    for (const meta of posts) {
      await blog.store.body(meta).catch((e: unknown) => problems.push(`post ${meta.slug}: ${(e as Error).message}`))
    }
    duplicates(
      posts.map((p) => p.slug),
      'slug',
      problems,
    )
    duplicates(
      posts.flatMap((p) => (p.source ? [p.source.path] : [])),
      'source file',
      problems,
    )
    if (existsSync(join(dataDir, 'commit-journal.json'))) problems.push('a commit journal was left after opening')
    for (const dir of [dataDir, join(dataDir, 'posts'), join(dataDir, 'posts', 'bodies')]) {
      for (const name of readdirSync(dir))
        if (name.endsWith('.tmp')) problems.push(`temp file left: ${join(dir, name)}`)
    }
    const db = blog.store.db
    return {
      posts,
      listed,
      jobs: db.jobs.map((j) => ({ ...j })),
      subscribers: db.subscribers.map((s) => s.email),
      comments: db.comments.map((c) => ({ postId: c.postId, text: c.text })),
      problems,
    }
  } finally {
    await blog.close()
  }
}

function duplicates(values: string[], what: string, problems: string[]): void {
  const seen = new Set<string>()
  for (const v of values) {
    if (seen.has(v)) problems.push(`duplicate ${what}: ${v}`)
    seen.add(v)
  }
}

/** Image files on disk per post that no post refers to: a re-run after a kill must not pile them up. */
export function unreferencedImages(dataDir: string, posts: PostMeta[]): string[] {
  const root = join(dataDir, 'media', 'posts')
  if (!existsSync(root)) return []
  const used = new Set(posts.flatMap((p) => [p.bannerImage, ...p.contentImages]).filter((u): u is string => Boolean(u)))
  const extra: string[] = []
  for (const id of readdirSync(root)) {
    for (const file of readdirSync(join(root, id))) {
      if (file.endsWith('.png') && !used.has(`/media/posts/${id}/${file}`)) extra.push(`${id}/${file}`)
    }
  }
  return extra
}

/** Recipients and the post each alert mail in the outbox was about, as `to|slug`. */
export function alertMails(dataDir: string): string[] {
  const dir = join(dataDir, 'outbox')
  if (!existsSync(dir)) return []
  const out: string[] = []
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.eml'))) {
    const text = readFileSync(join(dir, name), 'utf8').replace(/=\r?\n/g, '')
    const to = /^To: (.+)$/m.exec(text)?.[1]?.trim() ?? '?'
    const slug = /\/posts\/([a-z0-9-]+)/.exec(text)?.[1]
    if (slug) out.push(`${to}|${slug}`)
  }
  return out
}
