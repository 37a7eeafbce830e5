import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { writeFileAtomic } from '../../../src/core/atomic-file.js'
import { withEncodedText } from '../../../src/core/encoded-text.js'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'atomic-file-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

/** A post body's worth of text with characters of one to four UTF-8 bytes. */
function text(seed: number, chars: number): string {
  const pieces = ['<span class="mord">x</span>', ' − ', '的', 'é', '𝔼', `${seed}`, '\u200b']
  let out = ''
  for (let i = 0; out.length < chars; i++) out += pieces[(i * (seed + 3)) % pieces.length]
  return out
}

describe('writeFileAtomic', () => {
  it('writes text as UTF-8, byte for byte, short and long, and leaves no temp file', async () => {
    for (const [name, body] of [
      ['short.json', 'ε ≤ 1'],
      ['long.json', text(1, 300_000)],
      ['longer.json', text(2, 3_000_000)],
    ]) {
      await writeFileAtomic(join(dir, name), body)
      expect(readFileSync(join(dir, name), 'utf8')).toBe(body)
    }
    expect(readdirSync(dir).sort()).toEqual(['long.json', 'longer.json', 'short.json'])
  })

  it('keeps texts written at the same time apart, and a later, shorter one has no tail of an earlier', async () => {
    const bodies = Array.from({ length: 12 }, (_, i) => text(i, 100_000 + i * 20_000))
    await Promise.all(bodies.map((body, i) => writeFileAtomic(join(dir, `${i}.json`), body)))
    bodies.forEach((body, i) => expect(readFileSync(join(dir, `${i}.json`), 'utf8')).toBe(body))

    await writeFileAtomic(join(dir, '11.json'), text(5, 40_000))
    expect(readFileSync(join(dir, '11.json'), 'utf8')).toBe(text(5, 40_000))
  })
})

describe('withEncodedText', () => {
  it('gives the exact bytes, and memory it hands out twice at once is never the same', async () => {
    const a = text(7, 200_000)
    const b = text(8, 200_000)
    const seen: Uint8Array[] = []
    await withEncodedText(a, async (outer) => {
      await withEncodedText(b, async (inner) => {
        seen.push(inner)
        expect(Buffer.from(inner).toString('utf8')).toBe(b)
      })
      seen.push(outer)
      expect(Buffer.from(outer).toString('utf8')).toBe(a)
    })
    expect(seen[0].buffer).not.toBe(seen[1].buffer)
  })

  it('still hands back its memory when the write fails', async () => {
    const big = text(9, 150_000)
    let failed: ArrayBufferLike | null = null
    await expect(
      withEncodedText(big, (bytes) => {
        failed = bytes.buffer
        return Promise.reject(new Error('disk full'))
      }),
    ).rejects.toThrow('disk full')
    let next: ArrayBufferLike | null = null
    await withEncodedText(big, async (bytes) => {
      next = bytes.buffer
      expect(Buffer.from(bytes).toString('utf8')).toBe(big)
    })
    expect(next).toBe(failed)
  })
})
