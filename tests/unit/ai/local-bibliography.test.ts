import { describe, expect, it } from 'vitest'
import { LocalProvider } from '../../../src/ai/local/local-provider.js'
import { BibliographySchema } from '../../../src/shared/schemas/index.js'
import { inputFor, siteOf, type TestEssay } from './essays.js'

const provider = new LocalProvider()
const bibliographyOf = async (e: TestEssay, others: TestEssay[] = []) =>
  BibliographySchema.parse(await provider.bibliography(inputFor(e, siteOf([e, ...others]))))

describe('local bibliography', () => {
  it('lists the front matter sources with the fields they give', async () => {
    const essay: TestEssay = {
      id: 1,
      title: 'Weighted least squares',
      markdown: `---
title: Weighted least squares
sources:
  - authors: "Soch J, Allefeld C, Haynes JD"
    year: 2020
    title: "Inverse transformed encoding models"
    in: "NeuroImage"
    pages: "vol. 209, art. 116449, eq. A.10"
    url: "https://www.sciencedirect.com/science/article/pii/S1053811919310407"
    doi: "10.1016/j.neuroimage.2019.116449"
  - "Koch, K.-R. (2007). Introduction to Bayesian Statistics. Springer."
---
The estimator is unbiased.`,
    }
    const b = await bibliographyOf(essay)
    expect(b.entries).toHaveLength(2)
    expect(b.entries[0]).toMatchObject({
      id: 'ref-1',
      type: 'journal',
      title: 'Inverse transformed encoding models',
      authors: ['Soch J', 'Allefeld C', 'Haynes JD'],
      year: 2020,
      publication: 'NeuroImage',
      volume: '209',
      pages: 'art. 116449, eq. A.10',
      doi: '10.1016/j.neuroimage.2019.116449',
    })
    expect(b.entries[1]).toMatchObject({
      title: 'Introduction to Bayesian Statistics',
      year: 2007,
      authors: ['Koch, K.-R.'],
      type: 'book',
    })
    expect(b.introduction).toBe(
      'This essay cites 2 works: 2 works listed in its front matter. Each entry is taken from the essay itself, with only the details it gives.',
    )
  })

  it('reads links, DOIs, arXiv identifiers, author–year citations, cite keys and a reference list', async () => {
    const essay: TestEssay = {
      id: 2,
      title: 'Indirect inference',
      markdown: `The method of Gallant and McCulloch (2009) is reviewed in (Drovandi et al., 2015).
See [the preprint](https://arxiv.org/abs/1807.01585) and [here](https://github.com/example/HamiltonianABC), and doi:10.1214/14-STS498 for details.
The sampler follows arXiv:1701.02434, as LeNet :cite:\`LeCun.Bottou.Bengio.ea.1998\` did.

## References

* Betancourt, M. (2017). A Conceptual Introduction to Hamiltonian Monte Carlo.
* Drovandi, C. C., Pettitt, A. N., & Lee, A. (2015). Bayesian indirect inference using a parametric auxiliary model. Statistical Science, 30(1), 72–95.
`,
    }
    const b = await bibliographyOf(essay)
    const byTitle = new Map(b.entries.map((e) => [e.title, e]))
    expect(byTitle.get('A Conceptual Introduction to Hamiltonian Monte Carlo')).toMatchObject({
      authors: ['Betancourt, M.'],
      year: 2017,
    })
    expect(byTitle.get('Bayesian indirect inference using a parametric auxiliary model')).toMatchObject({
      authors: ['Drovandi, C. C.', 'Pettitt, A. N.', 'Lee, A.'],
      year: 2015,
      publication: 'Statistical Science',
      volume: '30',
      issue: '1',
      pages: '72–95',
      type: 'journal',
    })
    // The same work cited in the text and listed at the end is one entry.
    expect(b.entries.filter((e) => e.year === 2015)).toHaveLength(1)
    expect(byTitle.get('Gallant and McCulloch (2009)')).toMatchObject({ authors: ['Gallant', 'McCulloch'], year: 2009 })
    expect(byTitle.get('the preprint')).toMatchObject({ type: 'research', url: 'https://arxiv.org/abs/1807.01585' })
    // A link text that says nothing ("here") is replaced by the address.
    expect(byTitle.get('github.com/example/HamiltonianABC')).toMatchObject({
      type: 'website',
      url: 'https://github.com/example/HamiltonianABC',
    })
    expect(b.entries.find((e) => e.doi === '10.1214/14-STS498')).toMatchObject({ type: 'journal' })
    expect(byTitle.get('arXiv:1701.02434')).toMatchObject({ type: 'research' })
    expect(byTitle.get('LeCun.Bottou.Bengio.ea.1998')).toMatchObject({
      authors: ['LeCun', 'Bottou', 'Bengio', 'et al.'],
      year: 1998,
    })
    expect(b.introduction).toMatch(
      /^This essay cites 8 works: 2 items of its reference list, 1 author–year citation, 1 DOI written in the text, 1 arXiv identifier written in the text, 1 work cited by key and 2 linked pages\./,
    )
  })

  it('never invents: every entry’s title, address or DOI is in the essay', async () => {
    const essay: TestEssay = {
      id: 3,
      title: 'Links',
      markdown:
        'Read [Julia](https://julialang.org) (2012) and Smith (2019) and [docs](https://docs.julialang.org/en/v1/).',
    }
    const b = await bibliographyOf(essay)
    for (const e of b.entries) expect([e.title, e.url, e.doi].some((x) => x && essay.markdown.includes(x))).toBe(true)
    expect(b.entries.map((e) => e.title)).toEqual(['Smith (2019)', 'Julia', 'docs.julialang.org/en/v1'])
  })

  it('says so when the essay cites nothing, and suggests the site’s related essays', async () => {
    const essay: TestEssay = {
      id: 4,
      title: 'Gradient descent',
      markdown: 'Gradient descent follows the negative gradient of the loss downhill, step by step.',
    }
    const related: TestEssay = {
      id: 5,
      title: 'Momentum and gradient descent',
      markdown: 'Momentum speeds up gradient descent on the loss surface.',
    }
    const unrelated: TestEssay = { id: 6, title: 'Baking', markdown: 'Flour, water and yeast make bread.' }
    const b = await bibliographyOf(essay, [related, unrelated])
    expect(b.entries).toEqual([])
    expect(b.introduction).toMatch(/^This essay cites no outside works/)
    expect(b.furtherReading).toEqual(['Momentum and gradient descent'])
  })
})
