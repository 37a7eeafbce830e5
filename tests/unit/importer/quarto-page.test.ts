import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openEssay } from '../../../src/importer/packed-essay.js'
import { pageMetadata } from '../../../src/importer/parse/page-metadata.js'
import { prepareEssay } from '../../../src/importer/prepare-essay.js'

describe('a Quarto page imported from its project', () => {
  it('shows its included parts and its own metadata where the page asks for them', () => {
    const root = mkdtempSync(join(tmpdir(), 'scholia-quarto-'))
    mkdirSync(join(root, 'notes'))
    writeFileSync(join(root, '_quarto.yml'), 'project:\n  type: website\n')
    writeFileSync(
      join(root, 'notes', '_definitions.qmd'),
      '::: {#def-group}\nA *group* is a set with an operation.\n:::\n',
    )
    const text =
      '---\ntitle: Groups\nauthor:\n  - name: Emmy Noether\n  - name: Évariste Galois\n---\n\nNotes by {{< meta author >}}.\n\n{{< include _definitions.qmd >}}\n\nBy @def-group, …\n'
    const prepared = prepareEssay({
      essay: { path: join(root, 'notes', 'groups.qmd'), text, mtime: new Date('2024-01-01'), root },
      options: { ownerName: 'Owner' },
    })
    if ('failed' in prepared) throw new Error(prepared.failed)
    const { rendered, figures } = openEssay(prepared)
    expect(rendered.html).toContain('Notes by Emmy Noether, Évariste Galois.')
    expect(rendered.html).toContain('<em>group</em> is a set')
    expect(rendered.html).toMatch(/<a[^>]*href="#user-content-def-group"[^>]*>Definition(&nbsp;| )1<\/a>/)
    expect(rendered.html).not.toMatch(/\{\{|:::/)
    // Changing the part imports the page again.
    expect(figures?.files).toContain(join('notes', '_definitions.qmd'))
  })

  it('reads front matter as text by key and dotted path, never objects as text', () => {
    const meta = pageMetadata({
      title: 'T',
      n: 3,
      params: { version: '2.1', deep: { a: { b: { c: { d: 'x' } } } } },
      tags: ['a', 'b'],
      list: [{ x: 1 }],
    })
    expect(Object.fromEntries(meta)).toEqual({ title: 'T', n: '3', 'params.version': '2.1', tags: 'a, b' })
  })
})
