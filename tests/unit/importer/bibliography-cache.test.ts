import { copyFileSync, mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { projectRoot, tempDir } from '../../helpers/temp-dir.js'

import { cacheFolder, pruneCached } from '../../../src/importer/bibliography/data-folder-cache.js'
import type * as BibCacheModule from '../../../src/importer/bibliography/bibliography-cache.js'
import type * as PrepareModule from '../../../src/importer/prepare-essay.js'
import { openEssay } from '../../../src/importer/packed-essay.js'
import type * as EngineModule from '../../../src/markdown/citations/csl-engine.js'

type BibCache = typeof BibCacheModule
type Prepare = typeof PrepareModule
type Engine = typeof EngineModule

/** The modules as a new render worker loads them: nothing parsed or formatted in memory. */
async function freshThread(): Promise<{ cache: BibCache; prepare: Prepare; engine: Engine }> {
  vi.resetModules()
  return {
    cache: await import('../../../src/importer/bibliography/bibliography-cache.js'),
    prepare: await import('../../../src/importer/prepare-essay.js'),
    engine: await import('../../../src/markdown/citations/csl-engine.js'),
  }
}

let tmp: ReturnType<typeof tempDir>
let essays: string
let dataDir: string
let bib: string
const parsedDir = () => join(dataDir, 'cache', 'bibliography', 'parsed')
const formattedDir = () => join(dataDir, 'cache', 'bibliography', 'formatted')
const essay = '---\ntitle: Cited\n---\n\nDeep nets [@goodfellow2016] and residual ones [@he:resnet].\n'

beforeEach(() => {
  tmp = tempDir('bib-cache-')
  essays = join(tmp.path, 'essays')
  dataDir = join(tmp.path, 'data')
  bib = join(essays, 'refs.bib')
  mkdirSync(essays)
  mkdirSync(dataDir)
  copyFileSync(join(projectRoot, 'tests', 'fixtures', 'citations', 'refs.bib'), bib)
  writeFileSync(join(essays, 'cited.md'), essay)
})
afterEach(() => tmp.cleanup())

function references(prepare: Prepare): string {
  const out = prepare.prepareEssay({
    essay: { path: join(essays, 'cited.md'), text: essay, mtime: new Date(), root: essays },
    options: { ownerName: 'Owner', dataDir },
  })
  if ('failed' in out) throw new Error(out.failed)
  const html = openEssay(out).rendered.html
  return html.slice(html.indexOf('<section class="references"'))
}

describe('the data folder’s bibliography cache', () => {
  it('keeps a parsed .bib by its content, read back by the next thread; an edited file is parsed again', async () => {
    let { cache } = await freshThread()
    const first = cache.loadBibliographyFile(bib, dataDir)
    expect(first.entries.map((e) => e.id)).toEqual(['Vaswani.Shazeer.Parmar.ea.2017', 'goodfellow2016', 'he:resnet'])
    const [file] = readdirSync(parsedDir())
    expect(file).toMatch(/^[0-9a-f]{64}\.json$/)

    // A planted title shows that the next thread reads the parse back rather than parsing.
    const stored = JSON.parse(readFileSync(join(parsedDir(), file), 'utf8')) as typeof first
    stored.entries[1].title = 'Planted'
    writeFileSync(join(parsedDir(), file), JSON.stringify(stored))
    ;({ cache } = await freshThread())
    expect(cache.loadBibliographyFile(bib, dataDir).entries[1].title).toBe('Planted')

    // The author edits the file: a new key, a new parse.
    writeFileSync(bib, readFileSync(bib, 'utf8').replace('title = {Deep Learning}', 'title = {Deep Learning, Revised}'))
    ;({ cache } = await freshThread())
    expect(cache.loadBibliographyFile(bib, dataDir).entries[1].title).toBe('Deep Learning, Revised')
    expect(readdirSync(parsedDir())).toHaveLength(2)
  })

  it('ignores a damaged cache file and parses the .bib instead', async () => {
    let { cache } = await freshThread()
    cache.loadBibliographyFile(bib, dataDir)
    const [file] = readdirSync(parsedDir())
    for (const damaged of ['{"entries": [{"id": 3}]}', '{"entries": ', 'null']) {
      writeFileSync(join(parsedDir(), file), damaged)
      ;({ cache } = await freshThread())
      expect(cache.loadBibliographyFile(bib, dataDir).entries[1].title).toBe('Deep Learning')
    }
  })

  it('keeps formatted entries; the next thread renders from them, and an edited entry is formatted again, never served stale', async () => {
    const first = await freshThread()
    const { engine, cache } = first
    let prepare = first.prepare
    const before = references(prepare)
    expect(before).toContain(
      'Goodfellow, I., Bengio, Y., &#x26; Courville, A. (2016). <i>Deep Learning</i>. MIT Press.',
    )
    expect(readdirSync(formattedDir())).toHaveLength(2) // the two entries cited

    // Plant a formatting for he:resnet: a new thread that reads the cache shows it.
    const resnet = cache.loadBibliographyFile(bib, dataDir).entries.find((e) => e.id === 'he:resnet')!
    const planted = join(formattedDir(), `${engine.entryKey(resnet)}.json`)
    const value = JSON.parse(readFileSync(planted, 'utf8')) as { html: string }
    writeFileSync(
      planted,
      JSON.stringify({ ...value, html: value.html.replace('Deep Residual Learning', 'Planted Residual') }),
    )
    ;({ prepare } = await freshThread())
    expect(references(prepare)).toContain('Planted Residual')

    // The author corrects goodfellow2016: its new fields are a new key, so the list shows the edit.
    writeFileSync(bib, readFileSync(bib, 'utf8').replace('publisher = {MIT Press}', 'publisher = {The MIT Press}'))
    const edited = references(prepare)
    expect(edited).toContain('<i>Deep Learning</i>. The MIT Press.')
    expect(readdirSync(formattedDir())).toHaveLength(3)
    ;({ prepare } = await freshThread())
    expect(references(prepare)).toBe(edited)
  })

  it('renders the same with the cache as without a data folder', async () => {
    const { prepare } = await freshThread()
    const cached = references(prepare)
    const { prepare: again } = await freshThread()
    const plain = again.prepareEssay({
      essay: { path: join(essays, 'cited.md'), text: essay, mtime: new Date(), root: essays },
      options: { ownerName: 'Owner' },
    })
    if ('failed' in plain) throw new Error(plain.failed)
    const html = openEssay(plain).rendered.html
    expect(html.slice(html.indexOf('<section class="references"'))).toBe(cached)
    expect(references((await freshThread()).prepare)).toBe(cached)
  })

  it('stays within its limits, the oldest written going first, and clears what dead writers left', () => {
    const folder = cacheFolder(dataDir, 'formatted')
    mkdirSync(folder, { recursive: true })
    const now = Date.now() / 1000
    for (let i = 0; i < 10; i++) {
      writeFileSync(join(folder, `${i}.json`), '{}')
      utimesSync(join(folder, `${i}.json`), now - 100 + i, now - 100 + i)
    }
    writeFileSync(join(folder, 'old.json.1-0-0.tmp'), '{')
    utimesSync(join(folder, 'old.json.1-0-0.tmp'), now - 3600, now - 3600)
    writeFileSync(join(folder, 'new.json.1-0-1.tmp'), '{')
    pruneCached(dataDir, { parsed: 8, formatted: 8 })
    expect(readdirSync(folder).sort()).toEqual([
      '4.json',
      '5.json',
      '6.json',
      '7.json',
      '8.json',
      '9.json',
      'new.json.1-0-1.tmp',
    ])
    pruneCached(dataDir, { parsed: 8, formatted: 8 })
    expect(readdirSync(folder)).toHaveLength(7)
  })
})
