import type { Job, PostStatus } from '../../../src/shared/schemas/index.js'
import type { UploadAnswer, UploadFileStatus } from '../../api/admin.js'

/** SPEC §4 upload file entry: processing, then success or error; 'generating-image' while a banner is made. */
export type UploadEntryStatus = 'processing' | 'generating-image' | 'success' | 'error'

export interface UploadEntry {
  key: string
  name: string
  size: number
  status: Exclude<UploadEntryStatus, 'generating-image'>
  /** Why it failed, or how it went ('Imported', 'Updated', 'Unchanged'). */
  message: string | null
  outcome: Exclude<UploadFileStatus, 'failed'> | null
  post: { id: number; slug: string; title: string; status: PostStatus } | null
  /** The server's word on a new post's outcome (dated in the past: not announced), or null. */
  notice?: string | null
}

/** SPEC §5: only files ending .md or .markdown are uploaded. */
export function isMarkdownName(name: string): boolean {
  return /\.(md|markdown)$/i.test(name)
}

export const NOT_MARKDOWN = 'Skipped: only .md and .markdown files can be uploaded.'

let counter = 0

/** New entries for a batch: markdown files start processing, any other file is refused at once. */
export function entriesForFiles(files: readonly Pick<File, 'name' | 'size'>[]): UploadEntry[] {
  return files.map((f) => {
    const markdown = isMarkdownName(f.name)
    return {
      key: `upload-${++counter}`,
      name: f.name,
      size: f.size,
      status: markdown ? 'processing' : 'error',
      message: markdown ? null : NOT_MARKDOWN,
      outcome: null,
      post: null,
    }
  })
}

const OUTCOME_TEXT: Record<Exclude<UploadFileStatus, 'failed'>, string> = {
  imported: 'Imported',
  updated: 'Updated an existing post',
  unchanged: 'Unchanged: already up to date',
}

/**
 * The server's per-file answer applied to the batch's processing entries, in order (the
 * server answers its files in the order they were sent). A file the answer does not mention
 * is an error.
 */
export function applyUploadAnswer(
  entries: readonly UploadEntry[],
  batch: readonly string[],
  answer: UploadAnswer,
): UploadEntry[] {
  const results = answer.files ?? []
  const posts = new Map(answer.posts.map((p) => [p.slug, p]))
  return entries.map((entry) => {
    const index = batch.indexOf(entry.key)
    if (index < 0) return entry
    const result = results[index]
    if (!result) return { ...entry, status: 'error', message: 'The server did not report on this file.' }
    if (result.status === 'failed')
      return { ...entry, status: 'error', message: result.error || 'The file could not be imported.' }
    const post = result.slug ? (posts.get(result.slug) ?? null) : null
    return {
      ...entry,
      status: 'success',
      outcome: result.status,
      message: OUTCOME_TEXT[result.status],
      post,
      notice: result.notice ?? null,
    }
  })
}

/** SPEC §8 'Upload Failed': every file of the batch is marked as an error, with the reason. */
export function failBatch(entries: readonly UploadEntry[], batch: readonly string[], message: string): UploadEntry[] {
  return entries.map((e) =>
    batch.includes(e.key) ? { ...e, status: 'error', message, outcome: null, post: null, notice: null } : e,
  )
}

/**
 * What an entry shows: an imported post whose banner is being made right now (an image job
 * for it is waiting or running) reads 'generating-image'; nothing else is made up.
 */
export function displayStatus(entry: UploadEntry, jobs: readonly Job[]): UploadEntryStatus {
  if (entry.status !== 'success' || !entry.post) return entry.status
  const id = entry.post.id
  const making = jobs.some(
    (j) => j.postId === id && j.kind === 'images' && (j.status === 'pending' || j.status === 'processing'),
  )
  return making ? 'generating-image' : 'success'
}

/** "12.4 KB" */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}
