import { describe, it, expect, afterEach } from 'vitest'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Low } from 'lowdb'
import { JsonFileAdapter } from '../../../src/store/json-adapter.js'
import { tempDir } from '../../helpers/temp-dir.js'

const cleanups: (() => void)[] = []
afterEach(() => cleanups.splice(0).forEach((c) => c()))
const dir = () => {
  const t = tempDir('adapter-')
  cleanups.push(t.cleanup)
  return t.path
}

interface Doc {
  n: number
  list: string[]
}
const parseDoc = (raw: unknown): Doc => {
  const doc = raw as Partial<Doc>
  if (typeof doc?.n !== 'number') throw new Error('not a doc')
  return { n: doc.n, list: doc.list ?? [] }
}
const adapter = (path: string, guard?: () => void) =>
  new JsonFileAdapter<Doc | null>(path, { parse: parseDoc, fix: 'Restore it.', guard })

describe('JsonFileAdapter', () => {
  it('reads a missing file as null, and Low keeps its default data', async () => {
    const path = join(dir(), 'missing.json')
    expect(await adapter(path).read()).toBeNull()
    const db = new Low<Doc | null>(adapter(path), { n: 0, list: [] })
    await db.read()
    expect(db.data).toEqual({ n: 0, list: [] })
  })

  it('round-trips what Low writes, through a temp file renamed into place', async () => {
    const d = dir()
    const path = join(d, 'doc.json')
    const db = new Low<Doc | null>(adapter(path), { n: 1, list: ['a'] })
    await db.write()
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ n: 1, list: ['a'] })
    const again = new Low<Doc | null>(adapter(path), null)
    await again.read()
    expect(again.data).toEqual({ n: 1, list: ['a'] })
    expect(readdirSync(d)).toEqual(['doc.json'])
  })

  it('a failed write leaves the old file as it was and no temp file behind', async () => {
    const d = dir()
    const path = join(d, 'doc.json')
    await adapter(path).write({ n: 1, list: [] })
    const before = readFileSync(path, 'utf8')
    // A value JSON cannot hold: the write fails before anything replaces the file.
    await expect(adapter(path).write({ n: 2, list: [], big: 1n } as unknown as Doc)).rejects.toThrow()
    expect(readFileSync(path, 'utf8')).toBe(before)
    expect(readdirSync(d)).toEqual(['doc.json'])
  })

  it('writes nothing when its guard refuses (the writer lacks the store lock)', async () => {
    const path = join(dir(), 'doc.json')
    await adapter(path).write({ n: 1, list: [] })
    const refusing = adapter(path, () => {
      throw new Error('no lock')
    })
    await expect(refusing.write({ n: 2, list: [] })).rejects.toThrow('no lock')
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ n: 1, list: [] })
  })

  it('refuses a file cut short or of the wrong shape, naming it, instead of reading it as empty', async () => {
    const path = join(dir(), 'doc.json')
    writeFileSync(path, '{"n": 1, "li')
    await expect(adapter(path).read()).rejects.toThrow(`${path} is not valid JSON`)
    writeFileSync(path, '{"list": []}')
    await expect(adapter(path).read()).rejects.toThrow('not a doc')
  })
})
