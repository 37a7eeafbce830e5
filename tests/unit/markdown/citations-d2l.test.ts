import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { bibliographyFor } from '../../../src/importer/bibliography/bibliography-context.js'
import type { ParsedEssay } from '../../../src/importer/parse/index.js'
import { renderMarkdown } from '../../../src/markdown/index.js'
import { CORPUS_DIR } from './corpus.js'

const chapter = join(CORPUS_DIR, 'd2l-en', 'chapter_attention-mechanisms-and-transformers', 'transformer.md')
const frontmatterOnly = { frontmatter: {} } as unknown as ParsedEssay

describe('a d2l chapter with the book’s d2l.bib', () => {
  for (const root of [CORPUS_DIR, join(CORPUS_DIR, 'd2l-en')]) {
    it(`finds d2l.bib from the chapter when the import starts at ${root === CORPUS_DIR ? 'the corpus' : 'the book'}`, () => {
      const text = readFileSync(chapter, 'utf8')
      const bibliography = bibliographyFor({ path: chapter, text, mtime: new Date(), root }, frontmatterOnly)
      expect(bibliography?.warnings).toEqual([])
      expect(bibliography?.entries.size).toBeGreaterThan(400)
      const { html, warnings, references } = renderMarkdown(text, { bibliography: bibliography!.entries })
      const body = html.slice(0, html.indexOf('<section class="references"'))
      expect(body).not.toContain('Vaswani.Shazeer.Parmar.ea.2017]')
      expect(body).not.toMatch(/:citet?:|\[\?/)
      expect(body).toContain('>Vaswani et al., 2017</a>)</span>')
      expect(warnings).toEqual([])
      expect(references.map((r) => r.id)).toContain('Vaswani.Shazeer.Parmar.ea.2017')
      expect(html).toContain('<li id="ref-Vaswani.Shazeer.Parmar.ea.2017">Vaswani, A., Shazeer, N., Parmar, N.')
    })
  }
})
