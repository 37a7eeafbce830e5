import { gzipSync } from 'node:zlib'

/** One file of an archive: a relative path (ASCII, under 100 bytes) and its bytes. */
export interface ArchiveEntry {
  path: string
  bytes: Uint8Array
}

const BLOCK = 512

/**
 * A gzipped POSIX tar (ustar) of `entries`, the form arXiv takes a submission in. Written here
 * rather than with a library: the export only ever writes a handful of regular files with
 * short names it chose itself, which is all of ustar it needs. Deterministic for the same
 * entries and time, so that the same post exports to the same bytes.
 */
export function tarGz(entries: readonly ArchiveEntry[], mtime: Date): Buffer {
  const seconds = Math.max(0, Math.floor(mtime.getTime() / 1000))
  const parts: Buffer[] = []
  for (const entry of entries) {
    if (!/^[\x21-\x7E]{1,99}$/.test(entry.path)) throw new Error(`Archive path not allowed: ${entry.path}`)
    parts.push(header(entry.path, entry.bytes.length, seconds), Buffer.from(entry.bytes))
    const pad = (BLOCK - (entry.bytes.length % BLOCK)) % BLOCK
    if (pad > 0) parts.push(Buffer.alloc(pad))
  }
  parts.push(Buffer.alloc(2 * BLOCK))
  return gzipSync(Buffer.concat(parts), { level: 9 })
}

function header(path: string, size: number, mtime: number): Buffer {
  const h = Buffer.alloc(BLOCK)
  h.write(path, 0, 100, 'ascii')
  h.write(octal(0o644, 8), 100, 'ascii')
  h.write(octal(0, 8), 108, 'ascii')
  h.write(octal(0, 8), 116, 'ascii')
  h.write(octal(size, 12), 124, 'ascii')
  h.write(octal(mtime, 12), 136, 'ascii')
  h.write('        ', 148, 'ascii')
  h.write('0', 156, 'ascii')
  h.write('ustar\u000000', 257, 'ascii')
  let sum = 0
  for (const byte of h) sum += byte
  h.write(`${sum.toString(8).padStart(6, '0')}\u0000 `, 148, 'ascii')
  return h
}

/** A number as tar writes it: octal digits, zero-padded, ending in a NUL. */
function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\u0000`
}
