import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

const brotli = promisify(brotliCompress)
const gz = promisify(gzip)

/** Files a host may send compressed: text formats, never images or fonts that are compressed already. */
const COMPRESSIBLE = /\.(html|js|css|json|svg|xml)$/i
/**
 * Below this a compressed copy saves nothing worth a file: hosts that serve `.br`/`.gz` copies
 * (nginx's gzip_static and brotli_static, Caddy's precompressed, …) send the original when there
 * is none, as nginx itself does not compress a response under its gzip_min_length.
 */
export const MIN_COMPRESS_BYTES = 1024
/**
 * Brotli's top quality costs about a second per megabyte: big pages (math-heavy essays are up to
 * 1 MB) get quality 7, within a few per cent of 11 at a fifteenth of the time.
 */
const BROTLI_MAX_QUALITY_BYTES = 64 * 1024

export function isCompressible(path: string, size: number): boolean {
  return COMPRESSIBLE.test(path) && size >= MIN_COMPRESS_BYTES
}

/**
 * The brotli and gzip copies of a file's bytes. node:zlib's asynchronous calls run on libuv's
 * thread pool, so several files compress at once while the main thread renders the next page.
 */
export async function compressedCopies(bytes: Uint8Array): Promise<{ br: Buffer; gz: Buffer }> {
  const [br, gzipped] = await Promise.all([
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: bytes.length <= BROTLI_MAX_QUALITY_BYTES ? 11 : 7,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
    gz(bytes, { level: 9 }),
  ])
  return { br, gz: gzipped }
}
