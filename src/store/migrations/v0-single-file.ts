import { z } from 'zod'
import { createHash } from 'node:crypto'
import { writeFileAtomic, ensureDir } from '../../core/atomic-file.js'
import { emptyDb } from '../db-schema.js'
import { shardOf, SHARD_COUNT, type Layout } from '../post-files.js'
import type { PostBody, PostMeta } from '../../shared/schemas/index.js'
import type { Migration } from '../migrations.js'
import { damagedFile, firstIssue } from '../store-errors.js'

/**
 * Version 0 is the naive lowdb layout: one db.json holding every post with its content inline
 * (what a plain JSONFilePreset app writes). It becomes shards + body files; the old HTML is
 * dropped (renderVersion 0) so the next import or serve re-renders it with the current pipeline.
 */
const LegacyPost = z.looseObject({
  id: z.coerce.number().int().positive(),
  title: z.string(),
  slug: z.string(),
  content: z.string().default(''),
  excerpt: z.string().default(''),
  author: z.string().default(''),
  tags: z.array(z.string()).default([]),
  readTime: z.coerce.number().int().min(1).default(1),
  publishedAt: z.string().optional(),
  updatedAt: z.string().optional(),
  status: z.enum(['draft', 'published']).catch('published'),
  featured: z.coerce
    .number()
    .transform((v) => (v ? 1 : 0) as 0 | 1)
    .default(0),
  metaDescription: z.string().nullable().default(null),
  bannerImage: z.string().nullable().default(null),
  contentImages: z.array(z.string()).catch([]),
  enhancedContent: z.string().nullable().default(null),
  annotations: z.string().nullable().default(null),
  annotatedContent: z.string().nullable().default(null),
  summary: z.string().nullable().default(null),
  bibliography: z.string().nullable().default(null),
  bibliographyContent: z.string().nullable().default(null),
  mathematicalModel: z.string().nullable().default(null),
})

const iso = (v: string | undefined, fallback: string) => {
  const t = v ? Date.parse(v) : NaN
  return Number.isNaN(t) ? fallback : new Date(t).toISOString()
}

export const migrateV0SingleFile: Migration = {
  from: 0,
  describe: 'move posts out of db.json into a sharded index and one body file per post',
  async up(files: Layout, raw: Record<string, unknown>) {
    // Strict: one unreadable post used to turn the whole list into [] (every post dropped).
    const parsed = z.array(LegacyPost).safeParse(raw.posts ?? [])
    if (!parsed.success) {
      throw damagedFile(
        files.db,
        `is a version-0 database with a post Scholia cannot read (posts.${firstIssue(parsed.error).replace(/^"/, '').replace(/"/, '')}); nothing was migrated.`,
        'Fix or remove that post in db.json, then open the data folder again.',
      )
    }
    const legacy = parsed.data
    const now = new Date().toISOString()
    await ensureDir(files.bodiesDir)
    const shards: PostMeta[][] = Array.from({ length: SHARD_COUNT }, () => [])
    for (const p of legacy) {
      const body: PostBody = {
        content: p.content,
        enhancedContent: p.enhancedContent,
        html: '',
        toc: [],
        plainText: '',
        renderVersion: 0,
        provenance: {},
        annotations: p.annotations,
        annotatedContent: p.annotatedContent,
        summary: p.summary,
        bibliography: p.bibliography,
        bibliographyContent: p.bibliographyContent,
        mathematicalModel: p.mathematicalModel,
        frontmatter: {},
      }
      const publishedAt = iso(p.publishedAt, now)
      const meta: PostMeta = {
        id: p.id,
        title: p.title,
        slug: p.slug,
        excerpt: p.excerpt,
        metaDescription: p.metaDescription,
        author: p.author,
        tags: p.tags,
        readTime: p.readTime,
        wordCount: p.content.split(/\s+/).filter(Boolean).length,
        publishedAt,
        createdAt: publishedAt,
        updatedAt: iso(p.updatedAt, publishedAt),
        status: p.status,
        featured: p.featured,
        bannerImage: p.bannerImage,
        contentImages: p.contentImages,
        source: null,
        contentHash: createHash('sha256').update(p.content).digest('hex').slice(0, 32),
        rev: 1,
        bodyRev: 1,
      }
      // The body carries its metadata, as every body the store writes does (see Store.commit).
      await writeFileAtomic(files.body(p.id, 1), JSON.stringify({ ...body, meta }), { syncDir: false })
      shards[shardOf(p.id)].push(meta)
    }
    for (let n = 0; n < SHARD_COUNT; n++) await writeFileAtomic(files.shard(n), JSON.stringify({ posts: shards[n] }))
    const { posts: _posts, ...rest } = raw
    const maxId = legacy.reduce((m, p) => Math.max(m, p.id), 0)
    const db = { ...emptyDb(), ...rest, schemaVersion: 1, nextPostId: maxId + 1 }
    // db.json last: until it says version 1, a crash mid-way re-runs this step from the old file.
    await writeFileAtomic(files.db, JSON.stringify(db))
  },
}
