import { describe, expect, it } from 'vitest'
import { countReading, renderMarkdown } from '../../../src/markdown/index.js'
import { CJK_CHARACTERS_PER_MINUTE, readTimeFor, WORDS_PER_MINUTE } from '../../../src/shared/read-time.js'
import { readCorpusFile } from '../markdown/corpus.js'

const readTimeOf = (file: string): number => readTimeFor(renderMarkdown(readCorpusFile(file)).readingLength)

describe('read time', () => {
  it('reads words and CJK characters at their own speeds, rounded up, at least a minute', () => {
    expect(readTimeFor({ words: 0, cjkCharacters: 0 })).toBe(1)
    expect(readTimeFor({ words: WORDS_PER_MINUTE * 3, cjkCharacters: 0 })).toBe(3)
    expect(readTimeFor({ words: WORDS_PER_MINUTE * 3 + 1, cjkCharacters: 0 })).toBe(4)
    expect(readTimeFor({ words: 0, cjkCharacters: CJK_CHARACTERS_PER_MINUTE * 5 })).toBe(5)
    expect(readTimeFor({ words: WORDS_PER_MINUTE, cjkCharacters: CJK_CHARACTERS_PER_MINUTE })).toBe(2)
  })

  it('counts CJK characters apart from the words around them', () => {
    expect(countReading('眾所期待的 Julia 語言')).toEqual({ words: 1, cjkCharacters: 7 })
    expect(countReading('日本語のテキスト and 한국어')).toEqual({ words: 1, cjkCharacters: 11 })
    expect(countReading('a — b | c ... d')).toEqual({ words: 4, cjkCharacters: 0 })
    expect(renderMarkdown('# 标题\n\n中文 text 123\n\n```\n代码 code\n```').readingLength).toEqual({
      words: 2,
      cjkCharacters: 4,
    })
  })

  // The corpus has five Julia blog essays with their Chinese translations (issue 23: 28 minutes against 18).
  const pairs = [
    ['julialang-blog/blog/2019/08/release-process.md', 'julialang-blog/blog/2019/09/release-process-zh-cn.md'],
    ['julialang-blog/blog/2019/07/multithreading.md', 'julialang-blog/blog/2019/07/multithreading-zh-cn.md'],
    ['julialang-blog/blog/2017/12/ml-pl.md', 'julialang-blog/blog/2017/12/ml-pl-cn.md'],
    ['julialang-blog/blog/2019/01/fluxdiffeq.md', 'julialang-blog/blog/2019/04/fluxdiffeq-zh_tw.md'],
    ['julialang-blog/blog/2019/11/artifacts.md', 'julialang-blog/blog/2019/12/artifacts-zh_cn.md'],
  ]
  it('gives a Chinese translation about the read time of its English original', () => {
    expect(readTimeOf(pairs[0][0])).toBe(18)
    expect(readTimeOf(pairs[0][1])).toBe(18)
    for (const [english, chinese] of pairs) {
      const [en, zh] = [readTimeOf(english), readTimeOf(chinese)]
      expect(Math.abs(zh - en), `${chinese}: ${zh} min, ${english}: ${en} min`).toBeLessThanOrEqual(2)
    }
  })
})
