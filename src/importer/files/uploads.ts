import { DEFAULT_MAX_ESSAY_BYTES, decodeEssayBytes, type ReadEssayResult } from './read-essay-file.js'
import { isMarkdownFileName } from './find-essay-files.js'
import { assetExtOf } from '../../media/asset-types.js'

/** One file of a POST /api/upload request, as received. */
export interface Upload {
  /** The name the browser sent: a label only. */
  name: string
  bytes: Uint8Array
  /** Where the file sat in the folder the user chose (`book/img/x.png`); cleaned before any use (safeRelativePath). */
  path?: string
}

/**
 * A file that comes along with the essays of an upload rather than being one: a figure, video
 * or PDF, or a `.bib`. It is used only when an essay refers to it, and is not reported on.
 */
export function isSupportingUpload(name: string): boolean {
  return !isMarkdownFileName(cleanName(name)) && (assetExtOf(name) !== null || /\.bib$/i.test(name))
}

const PREFIX = 'upload:'

export const isUploadKey = (key: string): boolean => key.startsWith(PREFIX)

/**
 * What an upload is known by in the store (`source.path`): `upload:` and the file's base name
 * with anything path-like or unprintable removed, so re-uploading a file updates its post.
 * Two files of one request with the same name get `#2`, `#3`.
 */
export function uploadKeys(uploads: Upload[]): string[] {
  const seen = new Map<string, number>()
  return uploads.map((u) => {
    const base = cleanName(u.name)
    const n = (seen.get(base) ?? 0) + 1
    seen.set(base, n)
    return `${PREFIX}${base}${n > 1 ? `#${n}` : ''}`
  })
}

function cleanName(name: string): string {
  const base = name
    .replace(/\\/g, '/')
    .split('/')
    .pop()!
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .trim()
  return base.slice(-200) || 'unnamed.md'
}

/** The checks `readEssayFile` makes, for bytes from a request. Uploads have no date of their own: now. */
export async function readUpload(upload: Upload, now: Date): Promise<ReadEssayResult> {
  if (!isMarkdownFileName(cleanName(upload.name)))
    return { ok: false, error: 'Only .md and .markdown files can be uploaded' }
  if (upload.bytes.length > DEFAULT_MAX_ESSAY_BYTES)
    return { ok: false, error: `File is larger than ${DEFAULT_MAX_ESSAY_BYTES / 1024 / 1024} MB` }
  const decoded = decodeEssayBytes(upload.bytes)
  if (!decoded.ok) return decoded
  return { ok: true, text: decoded.text, mtime: now, bytes: upload.bytes.length }
}
