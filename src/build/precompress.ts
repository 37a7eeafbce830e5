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
 * Brotli quality 6 for every file. Measured on the corpus's build (403 files, 69 MB of HTML,
 * JSON, SVG and XML; a quarter of them, 17 MB): 246 ms and 2.25 MB at quality 6, against
 * 1,129 ms and 2.22 MB for quality 11 under 64 kB and 7 above, 341 ms and 2.23 MB for 7
 * everywhere, 219 ms and 2.28 MB for 5. Quality 11 cost 36 ms per small file for 1 % of its
 * bytes: a build makes hundreds of them, a host sends each once per reader's cache.
 */
const BROTLI_QUALITY = 6
/** gzip at 9: a quarter more time than 6 for 1 % fewer bytes, and gzip is the cheap half. */
const GZIP_LEVEL = 9

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
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
    gz(bytes, { level: GZIP_LEVEL }),
  ])
  return { br, gz: gzipped }
}
