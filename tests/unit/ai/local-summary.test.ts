import { describe, expect, it } from 'vitest'
import { LocalProvider } from '../../../src/ai/local/local-provider.js'
import { tidy } from '../../../src/ai/local/summary.js'
import { inputFor, siteOf, type TestEssay } from './essays.js'

const provider = new LocalProvider()
const sentencesOf = (text: string) => text.split(/(?<=[.!?…])\s+(?=[A-Z])/)

describe('local summary', () => {
  const essay: TestEssay = {
    id: 1,
    title: 'Why tests matter',
    markdown: `Automated tests let a team change code without fear. A test suite that runs on every commit catches regressions before users do.

\`\`\`js
expect(add(1, 2)).toBe(3)
\`\`\`

$$ f(x) = x^2 $$

Unit tests check one function in isolation, which keeps failures easy to locate. Integration tests check that the parts work together, including the database and the network.
The weather was pleasant on the day this was written. Flaky tests erode trust in the suite, so teams should fix or delete them quickly.
In the end, a fast and trustworthy test suite is what lets a team change code without fear every day.`,
  }

  it('extracts 2 to 4 of the essay’s own sentences, in its order, none of them code or formula', async () => {
    const input = inputFor(essay)
    const summary = await provider.summary(input)
    const sentences = sentencesOf(summary)
    expect(sentences.length).toBeGreaterThanOrEqual(2)
    expect(sentences.length).toBeLessThanOrEqual(4)
    const positions = sentences.map((s) => input.plainText.replace(/\s+/g, ' ').indexOf(s))
    for (const p of positions) expect(p).toBeGreaterThanOrEqual(0)
    expect(positions).toEqual([...positions].sort((a, b) => a - b))
    expect(summary).not.toMatch(/expect\(|x\^2|x²/)
    expect(summary).not.toMatch(/weather/)
  })

  it('is deterministic and depends on the essay, not on the run', async () => {
    const site = siteOf([essay])
    expect(await new LocalProvider().summary(inputFor(essay, site))).toBe(
      await new LocalProvider().summary(inputFor(essay, siteOf([essay]))),
    )
  })

  it('joins a sentence that a display formula interrupts, marking the gap', async () => {
    const proof: TestEssay = {
      id: 2,
      title: 'A proof',
      markdown:
        'Theorem: Let the variance be finite. Then the mean of the sample is given by\n\n$$\\bar{x} = \\frac{1}{n}\\sum_i x_i$$\n\nand it is unbiased for the population mean.',
    }
    const summary = await provider.summary(inputFor(proof))
    expect(summary).toContain('Then the mean of the sample is given by … and it is unbiased for the population mean.')
  })

  it('falls back to the excerpt, or says plainly, when there is no prose', async () => {
    const code: TestEssay = { id: 3, title: 'Snippets', markdown: '```julia\nprintln("hi")\n```' }
    expect(
      await provider.summary({ ...inputFor(code), post: { ...inputFor(code).post, excerpt: 'A few snippets.' } }),
    ).toBe('A few snippets.')
    expect(await provider.summary(inputFor(code))).toBe(
      '“Snippets” has no prose to summarise: it consists of code, formulas or links only.',
    )
  })
})

describe('local summary of a Chinese essay', () => {
  // The opening of the corpus's Traditional Chinese translation of "On Machine Learning and
  // Programming Languages" (julialang-blog, 2017), with its TensorFlow example.
  const essay: TestEssay = {
    id: 3,
    title: '機器學習以及程式語言',
    markdown: `作為一個設計程式語言的人，我們抱持莫大的興趣看著機器學習迅速竄升。人們用它來建立更複雜的機器學習模型與框架。

然而機器學習還沒有一個可靠的語言，許多人正在努力創造隱藏在 Python API 底下的新語言。也有其他人再利用 Python 當作一個建模語言。

\`\`\`
function add(a,b) {
  return \`\${a}+\${b}\`;
}
\`\`\`

事實上，你可以用任何語言寫出 TensorFlow 的惰性風格。我們認為機器學習需要一個真正的程式語言，而不是半成品。`,
  }

  it('is the essay’s own Chinese sentences, not English and not code', async () => {
    const input = inputFor(essay)
    const summary = await provider.summary(input)
    const han = (summary.match(/\p{Script=Han}/gu) ?? []).length
    const latinWords = summary.match(/[A-Za-z]{4,}/g) ?? []
    expect(han).toBeGreaterThan(30)
    // Only the names the essay itself writes in Latin letters (Python, TensorFlow, API).
    for (const w of latinWords) expect(['Python', 'TensorFlow']).toContain(w)
    expect(summary).not.toMatch(/function|return/)
    for (const sentence of summary
      .split(/(?<=[。！？])/)
      .map((s) => s.trim())
      .filter(Boolean)) {
      expect(input.plainText.replace(/\s+/g, '')).toContain(sentence.replace(/\s+/g, '').replace(/…/g, ''))
    }
  })
})

describe('a summary sentence tidied of what citations leave', () => {
  it('closes up a space before punctuation, but not before code that starts with a colon', () => {
    expect(tidy('Attention works well ( ; ) , as shown [ ] .')).toBe('Attention works well, as shown.')
    expect(tidy('The :static scheduler does not migrate tasks.')).toBe('The :static scheduler does not migrate tasks.')
  })
})
