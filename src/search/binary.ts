/**
 * Typed arrays in a JSON snapshot as base64: millions of numbers parse as one string instead of
 * millions of array elements (a restart reads the index in a fraction of the time). The bytes
 * are the machine's own order; the snapshot is a cache of this machine's data folder.
 */
export function toBase64(array: Uint32Array | Float64Array): string {
  return Buffer.from(array.buffer, array.byteOffset, array.byteLength).toString('base64')
}

/** A copy, so the array is aligned whatever the decoded buffer's offset in Node's pool. */
function bytesOf(base64: string): ArrayBuffer {
  const bytes = Buffer.from(base64, 'base64')
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer
}

export const uint32sOf = (base64: string): Uint32Array => new Uint32Array(bytesOf(base64))

export const float64sOf = (base64: string): Float64Array => new Float64Array(bytesOf(base64))
