import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readEssayFile } from '../../../src/importer/files/read-essay-file.js'

let dir: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'scholia-read-'))
})

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

async function fileWith(name: string, content: string | Uint8Array): Promise<string> {
  const path = join(dir, name)
  await writeFile(path, content)
  return path
}

describe('readEssayFile', () => {
  it('reads UTF-8 text, dropping a BOM and normalising line endings', async () => {
    const path = await fileWith('bom.md', '\uFEFF# Títle\r\nline\rold mac\r\n')
    const read = await readEssayFile(path)
    expect(read).toMatchObject({ ok: true, text: '# Títle\nline\nold mac\n', bytes: 27 })
    expect(read.ok && read.mtime instanceof Date).toBe(true)
  })

  it('reads an empty file as empty text', async () => {
    expect(await readEssayFile(await fileWith('empty.md', ''))).toMatchObject({ ok: true, text: '', bytes: 0 })
  })

  it('refuses a file over the size limit', async () => {
    const path = join(dir, 'huge.md')
    await writeFile(path, '')
    await truncate(path, 10 * 1024 * 1024)
    expect(await readEssayFile(path)).toEqual({ ok: false, error: 'File is too large (10.0 MB); the limit is 5 MB' })
    expect(await readEssayFile(await fileWith('small.md', 'x'.repeat(2048)), { maxBytes: 1024 })).toEqual({
      ok: false,
      error: 'File is too large (2.0 KB); the limit is 1 KB',
    })
  })

  it('refuses binary content', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d])
    expect(await readEssayFile(await fileWith('image.md', png))).toEqual({
      ok: false,
      error: 'File looks binary, not markdown text',
    })
    const controls = new Uint8Array(Array.from({ length: 100 }, (_, i) => (i % 3 === 0 ? 0x01 : 0x41)))
    expect(await readEssayFile(await fileWith('controls.md', controls))).toEqual({
      ok: false,
      error: 'File looks binary, not markdown text',
    })
  })

  it('refuses invalid UTF-8 and says where', async () => {
    const latin1 = new Uint8Array([0x43, 0x61, 0x66, 0xe9, 0x20, 0x61])
    expect(await readEssayFile(await fileWith('latin1.md', latin1))).toEqual({
      ok: false,
      error: 'File is not valid UTF-8 text (invalid byte at offset 3)',
    })
    const overlong = new Uint8Array([0x61, 0xc0, 0xaf])
    expect(await readEssayFile(await fileWith('overlong.md', overlong))).toEqual({
      ok: false,
      error: 'File is not valid UTF-8 text (invalid byte at offset 1)',
    })
    const surrogate = new Uint8Array([0x61, 0x62, 0xed, 0xa0, 0x80])
    expect(await readEssayFile(await fileWith('surrogate.md', surrogate))).toEqual({
      ok: false,
      error: 'File is not valid UTF-8 text (invalid byte at offset 2)',
    })
  })

  it('names UTF-16 files rather than calling them binary', async () => {
    const utf16 = new Uint8Array([0xff, 0xfe, 0x23, 0x00, 0x20, 0x00])
    expect(await readEssayFile(await fileWith('utf16.md', utf16))).toEqual({
      ok: false,
      error: 'File is UTF-16 text; save it as UTF-8 and import it again',
    })
  })

  it('reports a missing file and a folder without throwing', async () => {
    expect(await readEssayFile(join(dir, 'nope.md'))).toEqual({ ok: false, error: 'No such file' })
    expect(await readEssayFile(dir)).toEqual({ ok: false, error: 'Not a file' })
  })
})

describe('firstInvalidUtf8Offset', () => {
  it('agrees with the WHATWG decoder on random bytes', async () => {
    const { firstInvalidUtf8Offset } = await import('../../../src/importer/files/utf8.js')
    const decoder = new TextDecoder('utf-8', { fatal: true })
    let seed = 42
    const random = (): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed
    }
    for (let round = 0; round < 2000; round++) {
      const bytes = new Uint8Array(Array.from({ length: 1 + (random() % 8) }, () => random() % 256))
      let valid = true
      try {
        decoder.decode(bytes)
      } catch {
        valid = false
      }
      expect(firstInvalidUtf8Offset(bytes) === -1, `bytes ${[...bytes].join(',')}`).toBe(valid)
    }
  })
})
