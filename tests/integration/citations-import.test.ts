import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBlog, type Blog } from '../../src/app/blog-with-store.js'
import type { ImportReport } from '../../src/importer/import-service.js'
import { projectRoot, tempDir } from '../helpers/temp-dir.js'

let blog: Blog
let dir: ReturnType<typeof tempDir>
let report: ImportReport

beforeAll(async () => {
  dir = tempDir('citations-')
  const essays = join(dir.path, 'essays')
  mkdirSync(join(essays, 'assets', 'bibliography'), { recursive: true })
  copyFileSync(join(projectRoot, 'tests', 'fixtures', 'citations', 'refs.bib'), join(essays, 'refs.bib'))
  writeFileSync(
    join(essays, 'assets', 'bibliography', 'site.bib'),
    '@book{site2020, title={A Site Book}, author={Roe, Jane}, year={2020}}\n',
  )
  writeFileSync(
    join(essays, 'cited.md'),
    '# Cited\n\nAttention [@Vaswani.Shazeer.Parmar.ea.2017] and :citet:`goodfellow2016`; also [@unheard.of].\n',
  )
  writeFileSync(
    join(essays, 'site-bib.md'),
    '---\ntitle: Site\nbibliography: site.bib\n---\n\nAs {% cite site2020 %} shows.\n',
  )
  writeFileSync(join(essays, 'outside.md'), '---\ntitle: Outside\nbibliography: ../secret.bib\n---\n\nNothing [@x].\n')
  writeFileSync(join(dir.path, 'secret.bib'), '@book{x, title={Secret}, year={2000}}\n')
  blog = await createBlog({ dataDir: join(dir.path, 'data'), env: {} })
  report = await blog.importer.importPaths([essays])
})
afterAll(async () => {
  await blog.close()
  dir.cleanup()
})

const fileReport = (name: string) => report.files.find((f) => f.path.endsWith(name))!
const postBody = async (slug: string) => blog.store.body(blog.store.posts().find((p) => p.slug === slug)!)

describe('importing essays with a bibliography', () => {
  it('resolves citations from the .bib beside the essay and keeps the cited entries with the post', async () => {
    expect(fileReport('cited.md').status).toBe('imported')
    const body = await postBody('cited')
    expect(body.html).toContain('>Vaswani et al., 2017</a>)</span>')
    expect(body.html).toContain('>Goodfellow et al. (2016)</a>')
    expect(body.html).toContain('<section class="references" id="references"')
    expect(body.document?.references.map((r) => r.id)).toEqual(['Vaswani.Shazeer.Parmar.ea.2017', 'goodfellow2016'])
  })

  it('reports an unknown key as a warning of the file', () => {
    expect(fileReport('cited.md').warnings).toEqual(['Citation key "unheard.of" is not in the essay\'s bibliography'])
  })

  it('finds a front matter bibliography in the site’s assets/bibliography folder', async () => {
    expect(fileReport('site-bib.md').warnings).toEqual([])
    expect((await postBody('site')).html).toContain('>Roe, 2020</a>)</span>')
  })

  it('never reads a bibliography outside the essay folder and the import root', () => {
    expect(fileReport('outside.md').warnings).toContain(
      'Bibliography "../secret.bib": outside the essay folder and the import root',
    )
  })
})
