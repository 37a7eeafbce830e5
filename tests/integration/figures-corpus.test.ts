import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { createBlog, type Blog } from '../../src/app/blog-with-store.js'
import type { ImportReport } from '../../src/importer/import-service.js'
import { corpusDir, tempDir } from '../helpers/temp-dir.js'
import { copyCorpusData, fromFamily, reportOf } from '../helpers/corpus-import.js'

const d2l = join(corpusDir, 'd2l-en')
let tmp: ReturnType<typeof tempDir>
let blog: Blog
let report: ImportReport

describe.skipIf(!existsSync(d2l))('the d2l book’s figures (shared corpus)', () => {
  beforeAll(async () => {
    tmp = tempDir('d2l-figures-')
    // The shared import of the corpus (helpers/corpus-import.ts), of which d2l's pages and report are read.
    report = reportOf(await copyCorpusData(join(tmp.path, 'data')), ['d2l-en'])
    blog = await createBlog({
      dataDir: join(tmp.path, 'data'),
      ownerName: 'Owner',
      bcryptCost: 10,
      env: {},
      log: () => {},
    })
  }, 300_000)
  afterAll(async () => {
    await blog?.close()
    tmp?.cleanup()
  })

  it('every <img> of every chapter is a stored file: all 101 figures, none missing', async () => {
    expect(report.summary.failed).toBe(0)
    expect(report.files.flatMap((f) => f.warnings).filter((w) => /^(Figure|File) not found:/.test(w))).toEqual([])
    const stored = new Set(readdirSync(join(tmp.path, 'data', 'media', 'assets')))
    const used = new Set<string>()
    let images = 0
    let remote = 0
    const pages = blog.store.posts().filter((p) => fromFamily(p.source?.path, ['d2l-en']))
    expect(pages.length).toBe(report.summary.imported)
    for (const meta of pages) {
      const { html } = await blog.store.body(meta)
      for (const [, src] of html.matchAll(/<img [^>]*?src="([^"]*)"/g)) {
        // A few chapters show pictures from the web: those stay remote.
        if (src.startsWith('https://')) {
          remote += 1
          continue
        }
        images += 1
        expect(src, `${meta.slug}: ${src}`).toMatch(/^\/media\/assets\/[0-9a-f]{20}\.(svg|png|jpg|gif)$/)
        const file = src.slice('/media/assets/'.length)
        expect(stored.has(file), `${meta.slug}: ${src} is stored`).toBe(true)
        used.add(file)
      }
      expect(html).not.toContain('figure-missing')
    }
    console.log(
      `d2l: ${images} local <img> (+${remote} remote) on ${pages.length} pages, ${used.size} distinct stored figures`,
    )
    expect(used.size).toBe(readdirSync(join(d2l, 'img')).length)
    expect(used.size).toBe(101)
  })
})
