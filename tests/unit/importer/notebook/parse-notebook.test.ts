import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readEssayFile } from '../../../../src/importer/files/read-essay-file.js'
import { parseNotebook } from '../../../../src/importer/notebook/parse-notebook.js'

const errorOf = (text: string) => {
  const parsed = parseNotebook(text)
  return parsed.ok ? null : parsed.error
}

describe('notebooks that cannot be read say why', () => {
  it('not JSON: says so, and where it stopped', () => {
    expect(errorOf('{"cells": [')).toMatch(/^Not a Jupyter notebook: the file is not valid JSON \(.+\)/)
  })

  it('nbformat 3 is refused with how to upgrade it', () => {
    expect(
      errorOf(JSON.stringify({ nbformat: 3, nbformat_minor: 0, metadata: {}, worksheets: [{ cells: [] }] })),
    ).toMatch(/^Jupyter notebook format 3 is not read: .*upgrade it to format 4/)
    expect(errorOf(JSON.stringify({ worksheets: [] }))).toMatch(/format 3 is not read/)
  })

  it('a format 4 notebook with a wrong field names the field', () => {
    const bad = {
      nbformat: 4,
      nbformat_minor: 2,
      metadata: {},
      cells: [{ cell_type: 'markdown', source: 42, metadata: {} }],
    }
    expect(errorOf(JSON.stringify(bad))).toMatch(/^Not a valid Jupyter notebook \(format 4\): cells\[0\]\.source: /)
    expect(errorOf(JSON.stringify({ nbformat: 4, nbformat_minor: 2, metadata: {} }))).toMatch(/cells: /)
    expect(errorOf('[1, 2]')).toBe('Not a Jupyter notebook: the file holds no notebook object')
  })

  it('accepts fields and output types it does not know, as later minor versions add them', () => {
    const later = {
      nbformat: 4,
      nbformat_minor: 9,
      metadata: { something_new: true },
      cells: [{ cell_type: 'code', source: 'x', metadata: {}, outputs: [{ output_type: 'future_kind' }], id: 'a' }],
    }
    expect(parseNotebook(JSON.stringify(later)).ok).toBe(true)
  })
})

describe('reading a notebook file', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'scholia-nb-'))
  })
  afterAll(() => rm(dir, { recursive: true, force: true }))

  it('a broken notebook is a per-file error, never a throw', async () => {
    const path = join(dir, 'broken.ipynb')
    await writeFile(path, '{"cells": [}')
    const read = await readEssayFile(path)
    expect(read.ok).toBe(false)
    if (!read.ok) expect(read.error).toMatch(/not valid JSON/)
  })

  it('a good one is read as markdown with its figures', async () => {
    const path = join(dir, 'good.ipynb')
    const png = Buffer.from('89504e470d0a1a0a', 'hex').toString('base64')
    await writeFile(
      path,
      JSON.stringify({
        nbformat: 4,
        nbformat_minor: 5,
        metadata: {},
        cells: [
          { cell_type: 'markdown', source: '# Hello', metadata: {} },
          {
            cell_type: 'code',
            source: 'plot()',
            metadata: {},
            outputs: [{ output_type: 'display_data', metadata: {}, data: { 'image/png': png } }],
          },
        ],
      }),
    )
    const read = await readEssayFile(path)
    expect(read.ok).toBe(true)
    if (!read.ok) return
    expect(read.text).toMatch(/# Hello\n\n```\nplot\(\)\n```\n\n!\[\]\(notebook-output-[0-9a-f]{16}\.png\)/)
    expect(read.embedded?.size).toBe(1)
  })
})
