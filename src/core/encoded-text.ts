/**
 * Text encoded as UTF-8 for writing, in memory reused from one write to the next. Touching a
 * page of fresh memory for the first time faults, and on the small VMs measured here that costs
 * about 5 ms a MB: serialising and encoding the corpus import's 281 post bodies (49 MB) took
 * 0.93 s with a new buffer for each, 0.74 s with reused ones. Small texts take a new buffer
 * (they come from memory already in use), and only a few buffers of moderate size are kept, so
 * a long-running server holds at most KEPT × LARGEST_KEPT bytes of them.
 */
const SMALL = 32 * 1024
const KEPT = 8
const LARGEST_KEPT = 2 * 1024 * 1024

const free: Buffer[] = []

/**
 * Calls `use` with `text` as UTF-8 bytes; the bytes are only valid until the promise it
 * returns settles (the buffer then goes back to be reused).
 */
export async function withEncodedText<T>(text: string, use: (bytes: Uint8Array) => Promise<T>): Promise<T> {
  if (text.length <= SMALL) return use(Buffer.from(text, 'utf8'))
  const needed = Buffer.byteLength(text, 'utf8')
  const buffer = take(needed)
  try {
    const written = buffer.write(text, 'utf8')
    return await use(buffer.subarray(0, written))
  } finally {
    give(buffer)
  }
}

function take(bytes: number): Buffer {
  let best = -1
  for (let i = 0; i < free.length; i++)
    if (free[i].length >= bytes && (best < 0 || free[i].length < free[best].length)) best = i
  if (best >= 0) return free.splice(best, 1)[0]
  // Rounded up, so a slightly longer text next time still fits.
  return Buffer.allocUnsafeSlow(Math.max(SMALL * 2, 2 ** Math.ceil(Math.log2(bytes))))
}

function give(buffer: Buffer): void {
  if (buffer.length > LARGEST_KEPT) return
  if (free.length < KEPT) free.push(buffer)
  else {
    // Keep the larger ones: they are the costly ones to make again.
    const smallest = free.reduce((at, b, i) => (b.length < free[at].length ? i : at), 0)
    if (free[smallest].length < buffer.length) free[smallest] = buffer
  }
}
