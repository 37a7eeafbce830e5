import { readFile, stat } from 'node:fs/promises'
import type { EmbeddedFile } from '../parse/types.js'
import { DEFAULT_MAX_NOTEBOOK_BYTES, isNotebookPath } from '../notebook/notebook-file.js'
import { firstInvalidUtf8Offset } from './utf8.js'

/** Default size limit: the longest real essays are a few hundred kilobytes. */
export const DEFAULT_MAX_ESSAY_BYTES = 5 * 1024 * 1024

export type ReadEssayResult =
  | {
      ok: true
      text: string
      mtime: Date
      bytes: number
      /** Figures the file holds itself (a notebook's plots), by the reference `text` uses for each. */
      embedded?: ReadonlyMap<string, EmbeddedFile>
    }
  | { ok: false; error: string }

// Markdown may contain the odd form feed or escape sequence, but not this many.
const MAX_CONTROL_SHARE = 0.1
const SNIFF_BYTES = 64 * 1024

/**
 * Reads one essay as text: UTF-8 only, without a BOM, with LF line endings. Refuses, with a
 * message fit for the person importing, files over `maxBytes` (default 5 MiB), binary files and
 * text that is not valid UTF-8. An empty file is read as ''. A Jupyter notebook (`.ipynb`,
 * up to DEFAULT_MAX_NOTEBOOK_BYTES) is read as the markdown it publishes as (see
 * src/importer/notebook/), or refused with what is wrong with it. Never throws.
 */
export async function readEssayFile(path: string, opts: { maxBytes?: number } = {}): Promise<ReadEssayResult> {
  const notebook = isNotebookPath(path)
  const maxBytes = opts.maxBytes ?? (notebook ? DEFAULT_MAX_NOTEBOOK_BYTES : DEFAULT_MAX_ESSAY_BYTES)
  try {
    const info = await stat(path)
    if (!info.isFile()) return { ok: false, error: 'Not a file' }
    if (info.size > maxBytes) return { ok: false, error: tooLarge(info.size, maxBytes) }
    const bytes = await readFile(path)
    // The file may have grown between stat and read.
    if (bytes.length > maxBytes) return { ok: false, error: tooLarge(bytes.length, maxBytes) }
    const decoded = decodeEssayBytes(bytes)
    if (!decoded.ok) return decoded
    if (notebook) {
      // Loaded on first need: an import without notebooks never loads the converter and its YAML writer.
      const { notebookSource } = await import('../notebook/notebook-source.js')
      const converted = decoded.text.trim() === '' ? { ok: true as const, text: '' } : notebookSource(decoded.text)
      if (!converted.ok) return converted
      return { ...converted, mtime: info.mtime, bytes: bytes.length }
    }
    return { ok: true, text: decoded.text, mtime: info.mtime, bytes: bytes.length }
  } catch (error) {
    return { ok: false, error: describeFsError(error) }
  }
}

/** The text checks of `readEssayFile`, for bytes that did not come from a file (uploads). */
export function decodeEssayBytes(bytes: Uint8Array): { ok: true; text: string } | { ok: false; error: string } {
  if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff])) {
    return { ok: false, error: 'File is UTF-16 text; save it as UTF-8 and import it again' }
  }
  if (looksBinary(bytes)) return { ok: false, error: 'File looks binary, not markdown text' }
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes)
  } catch {
    const offset = firstInvalidUtf8Offset(bytes)
    return { ok: false, error: `File is not valid UTF-8 text (invalid byte at offset ${Math.max(offset, 0)})` }
  }
  return { ok: true, text: text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n') }
}

function looksBinary(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return true
  const sample = bytes.subarray(0, SNIFF_BYTES)
  let control = 0
  // An indexed loop: `for…of` over bytes runs the iterator protocol per byte, which cold (as in
  // a one-off `blog import`) cost more than reading the files themselves.
  for (let i = 0; i < sample.length; i++) {
    const b = sample[i]
    // Tab, line feed, form feed and carriage return are ordinary in text.
    if ((b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d) || b === 0x7f) control++
  }
  return sample.length > 0 && control / sample.length > MAX_CONTROL_SHARE
}

function tooLarge(size: number, limit: number): string {
  return `File is too large (${formatSize(size, true)}); the limit is ${formatSize(limit, false)}`
}

/**
 * Sizes in binary units written as people say them ("MB" for MiB). A file's size keeps one
 * decimal ("10.0 MB"); a whole-number limit has none ("5 MB").
 */
function formatSize(bytes: number, oneDecimal: boolean): string {
  const units: [number, string][] = [
    [1024 * 1024, 'MB'],
    [1024, 'KB'],
  ]
  for (const [unit, name] of units) {
    if (bytes < unit) continue
    const value = bytes / unit
    return !oneDecimal && Number.isInteger(value) ? `${value} ${name}` : `${value.toFixed(1)} ${name}`
  }
  return `${bytes} bytes`
}

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return prefix.every((b, i) => bytes[i] === b)
}

function describeFsError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code
  if (code === 'ENOENT') return 'No such file'
  if (code === 'EACCES' || code === 'EPERM') return 'Permission denied: the file cannot be read'
  if (code === 'EISDIR') return 'Not a file'
  return `Could not read the file: ${error instanceof Error ? error.message : String(error)}`
}
