/**
 * Offset of the first byte that starts an invalid UTF-8 sequence (the same rules as the WHATWG
 * decoder: no overlong forms, no surrogates, nothing above U+10FFFF), or -1 if all is valid.
 * TextDecoder only says *that* decoding failed; this says where, for the error message.
 */
export function firstInvalidUtf8Offset(bytes: Uint8Array): number {
  let i = 0
  while (i < bytes.length) {
    const b = bytes[i]
    if (b < 0x80) {
      i++
      continue
    }
    let needed: number
    let lower = 0x80
    let upper = 0xbf
    if (b >= 0xc2 && b <= 0xdf) needed = 1
    else if (b >= 0xe0 && b <= 0xef) {
      needed = 2
      if (b === 0xe0) lower = 0xa0
      if (b === 0xed) upper = 0x9f
    } else if (b >= 0xf0 && b <= 0xf4) {
      needed = 3
      if (b === 0xf0) lower = 0x90
      if (b === 0xf4) upper = 0x8f
    } else return i
    for (let k = 1; k <= needed; k++) {
      const next = bytes[i + k]
      if (next === undefined || next < (k === 1 ? lower : 0x80) || next > (k === 1 ? upper : 0xbf)) return i
    }
    i += needed + 1
  }
  return -1
}
