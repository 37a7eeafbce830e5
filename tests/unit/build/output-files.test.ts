import { describe, it, expect, afterAll } from 'vitest'
import { mkdirSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { MANIFEST_FILE, OutputFiles, readManifest } from '../../../src/build/output-files.js'
import { tempDir } from '../../helpers/temp-dir.js'

const tmp = tempDir('output-files-')
afterAll(() => tmp.cleanup())

const page = (n: number) =>
  `<!doctype html><p>${'A page of the site, long enough to be worth compressing. '.repeat(40)}${n}</p><img src="/media/assets/0123456789abcdef0123.png">`

/** One build into a fresh folder, keeping what it can from `previous`. */
async function build(name: string, previous: string | null, pages: Record<string, string>) {
  const root = join(tmp.path, name)
  mkdirSync(root)
  const manifest = previous ? await readManifest(previous) : null
  const files = new OutputFiles(root, manifest && previous ? { dir: previous, manifest } : null)
  const made: string[] = []
  for (const [file, html] of Object.entries(pages)) {
    await files.unit(`page:${file}`, html, async () => {
      made.push(file)
      await files.write(file, html)
    })
  }
  await files.writeManifest()
  return { root, files, made }
}

describe('OutputFiles', () => {
  it('writes each text file with brotli and gzip copies that decompress to it, and notes its media', async () => {
    const { root, files } = await build('one', null, { 'a/index.html': page(1), 'tiny.json': '[]' })
    const html = readFileSync(join(root, 'a/index.html'))
    expect(brotliDecompressSync(readFileSync(join(root, 'a/index.html.br'))).equals(html)).toBe(true)
    expect(gunzipSync(readFileSync(join(root, 'a/index.html.gz'))).equals(html)).toBe(true)
    // a file under 1 kB has none
    expect(readdirSync(root).sort()).toEqual([MANIFEST_FILE, 'a', 'tiny.json'])
    expect([...files.mediaRefs]).toEqual(['assets/0123456789abcdef0123.png'])
    expect(files.written).toBe(4)
  })

  it('keeps unchanged units as links to the earlier files, makes changed ones again, and drops the rest', async () => {
    const first = await build('first', null, { 'a.html': page(1), 'b.html': page(2), 'gone.html': page(3) })
    const second = await build('second', first.root, { 'a.html': page(1), 'b.html': page(22) })
    expect(second.made).toEqual(['b.html'])
    expect(second.files.kept).toBe(3)
    for (const f of ['a.html', 'a.html.br', 'a.html.gz'])
      expect(statSync(join(second.root, f)).ino, f).toBe(statSync(join(first.root, f)).ino)
    // the changed file is a new one: the earlier build's stays as it was
    expect(statSync(join(second.root, 'b.html')).ino).not.toBe(statSync(join(first.root, 'b.html')).ino)
    expect(readFileSync(join(first.root, 'b.html'), 'utf8')).toBe(page(2))
    expect(readFileSync(join(second.root, 'b.html'), 'utf8')).toBe(page(22))
    expect(readdirSync(second.root).filter((f) => f.startsWith('gone'))).toEqual([])
    // a kept unit still brings its media references
    expect([...second.files.mediaRefs]).toEqual(['assets/0123456789abcdef0123.png'])
  })

  it('makes a unit again when one of its earlier files is missing', async () => {
    const first = await build('first-missing', null, { 'a.html': page(1) })
    await import('node:fs/promises').then((fs) => fs.rm(join(first.root, 'a.html.br')))
    const second = await build('second-missing', first.root, { 'a.html': page(1) })
    expect(second.made).toEqual(['a.html'])
    expect(brotliDecompressSync(readFileSync(join(second.root, 'a.html.br'))).toString()).toBe(page(1))
  })
})
