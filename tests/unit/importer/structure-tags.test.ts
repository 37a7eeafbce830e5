import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { structureTags } from '../../../src/importer/parse/structure-tags.js'
import { prepareEssay } from '../../../src/importer/prepare-essay.js'
import { openEssay } from '../../../src/importer/packed-essay.js'
import { tempDir } from '../../helpers/temp-dir.js'

const tmp = tempDir('structure-tags-')
afterAll(() => tmp.cleanup())

describe('tags from the book an essay comes from (issue 40)', () => {
  it("reads StatProofBook's chapter, section and topic, text only", () => {
    const place = { chapter: 'Statistical Models', section: 'Univariate normal data', topic: 'Analysis of variance' }
    expect(structureTags({ path: '/b/P/anova2-cochran.md', root: '/b' }, place)).toEqual([
      'Statistical Models',
      'Univariate normal data',
      'Analysis of variance',
    ])
    expect(structureTags({ path: '/b/x.md', root: '/b' }, { chapter: 3, section: ['a'] })).toEqual([])
  })

  it("names a d2l chapter's essays by the chapter's own title", () => {
    const root = join(tmp.path, 'd2l')
    mkdirSync(join(root, 'chapter_linear-regression'), { recursive: true })
    mkdirSync(join(root, 'chapter_no-index'), { recursive: true })
    writeFileSync(
      join(root, 'chapter_linear-regression', 'index.md'),
      '# Linear Neural Networks for Regression\n:label:`chap_regression`\n\nText.\n',
    )
    const inChapter = { path: join(root, 'chapter_linear-regression', 'linear-regression.md'), root }
    expect(structureTags(inChapter, {})).toEqual(['Linear Neural Networks for Regression'])
    expect(structureTags({ path: join(root, 'chapter_no-index', 'a.md'), root }, {})).toEqual(['no index'])
    // the book below the folder imported (a corpus of several books)
    expect(structureTags({ ...inChapter, root: join(tmp.path) }, {})).toEqual(['Linear Neural Networks for Regression'])
    // a file beside the chapters, or a folder of another name, is in no chapter
    expect(structureTags({ path: join(root, 'index.md'), root }, {})).toEqual([])
    expect(structureTags({ path: join(root, 'notes', 'a.md'), root }, {})).toEqual([])
  })

  it("names a Jupyter Book page by its part's caption, whole", () => {
    const page = { path: '/b/chance.md', root: '/b', part: 'Probability, Briefly' }
    expect(structureTags(page, {})).toEqual(['Probability, Briefly'])
    // the front matter's own place comes first
    expect(structureTags(page, { chapter: 'Statistical Models' })).toEqual(['Statistical Models'])
  })

  it('gives an imported essay these tags only when it has none of its own', () => {
    const tagsOf = (text: string) => {
      const prepared = prepareEssay({
        essay: { path: '/b/P/x.md', root: '/b', text, mtime: new Date(0) },
        options: { ownerName: 'o' },
      })
      if ('failed' in prepared) throw new Error(prepared.failed)
      return openEssay(prepared).parsed.tags
    }
    expect(
      tagsOf('---\ntitle: A proof\nchapter: General Theorems\ntopic: Bayesian inference\n---\n\nText of it.\n'),
    ).toEqual(['General Theorems', 'Bayesian inference'])
    expect(tagsOf('---\ntitle: A post\nchapter: General Theorems\ntags: [julia]\n---\n\nText.\n')).toEqual(['julia'])
  })
})
