import { describe, expect, it } from 'vitest'
import { authorNames, splitAuthors } from '../../../src/shared/authors.js'

const names = (line: string) => authorNames(line)

describe('splitAuthors — an author line read as a reader reads it', () => {
  it('splits lists joined by commas, "and", "&" and semicolons, the Oxford comma too', () => {
    expect(names('Ada Lovelace')).toEqual(['Ada Lovelace'])
    expect(names('Jo Nakamura and Ruth Bell')).toEqual(['Jo Nakamura', 'Ruth Bell'])
    expect(names('Ada Lovelace & Charles Babbage')).toEqual(['Ada Lovelace', 'Charles Babbage'])
    expect(names('Aston Zhang, Zachary C. Lipton, Mu Li, and Alexander J. Smola')).toEqual([
      'Aston Zhang',
      'Zachary C. Lipton',
      'Mu Li',
      'Alexander J. Smola',
    ])
    expect(names('Marta Rivers, Ken Okafor, Li Wei')).toEqual(['Marta Rivers', 'Ken Okafor', 'Li Wei'])
    expect(names('Lovelace, Ada; Babbage, Charles')).toEqual(['Ada Lovelace', 'Charles Babbage'])
  })

  it('gives each of thirteen authors their own name, affiliations and "By" left out', () => {
    const line =
      'By Mike Innes (JuliaHub), David Barber (UCL), Tim Besard (UGent), James Bradbury (Salesforce Research), ' +
      'Valentin Churavy (MIT), Simon Danisch (MIT), Alan Edelman (MIT), Stefan Karpinski (JuliaHub), Jon Malmaud (MIT), ' +
      'Jarrett Revels (MIT), Viral Shah (JuliaHub), Pontus Stenetorp (UCL) and Deniz Yuret (Koç University)'
    const list = names(line)
    expect(list).toHaveLength(13)
    expect(list[0]).toBe('Mike Innes')
    expect(list[12]).toBe('Deniz Yuret')
    expect(names('Ada Lovelace (University of London, UK) and Charles Babbage')).toEqual([
      'Ada Lovelace',
      'Charles Babbage',
    ])
  })

  it('reads a single "Last, First" author as one person, not two', () => {
    for (const line of ['Vaswani, Ashish', 'Smith, J. K.', 'van der Waals, Johannes', 'Rowling, J.K.']) {
      const { authors } = splitAuthors(line)
      expect(authors, line).toHaveLength(1)
      expect(authors[0].inverted).toBe(true)
      expect(authors[0].written).toBe(line)
    }
    expect(splitAuthors('Vaswani, Ashish').authors[0]).toMatchObject({
      name: 'Ashish Vaswani',
      family: 'Vaswani',
      given: 'Ashish',
    })
    expect(splitAuthors('van der Waals, Johannes').authors[0].family).toBe('van der Waals')
    // two people, each written in full
    expect(names('Ada Lovelace, Charles Babbage')).toEqual(['Ada Lovelace', 'Charles Babbage'])
  })

  it('reads BibTeX and APA lists of family-name-first authors', () => {
    expect(names('Vaswani, Ashish and Shazeer, Noam and Parmar, Niki')).toEqual([
      'Ashish Vaswani',
      'Noam Shazeer',
      'Niki Parmar',
    ])
    expect(names('Smith, J., Jones, K. L., & Brown, A.')).toEqual(['J. Smith', 'K. L. Jones', 'A. Brown'])
  })

  it('keeps "et al." as more authors, not as a name', () => {
    expect(splitAuthors('Vaswani et al.')).toMatchObject({ authors: [{ name: 'Vaswani' }], others: true })
    expect(splitAuthors('A. Author, B. Author, et al.')).toMatchObject({
      authors: [{ name: 'A. Author' }, { name: 'B. Author' }],
      others: true,
    })
    expect(splitAuthors('Ada Lovelace and others').others).toBe(true)
    expect(splitAuthors('Ada Lovelace').others).toBe(false)
    expect(
      splitAuthors('Mason Protter, Valentin Churavy, Ian Butterworth, and many helpful contributors'),
    ).toMatchObject({
      authors: [{ name: 'Mason Protter' }, { name: 'Valentin Churavy' }, { name: 'Ian Butterworth' }],
      others: true,
    })
  })

  it('keeps suffixes with their name and guesses family names with their particles', () => {
    expect(splitAuthors('Martin Luther King, Jr.').authors).toEqual([
      expect.objectContaining({ family: 'King', given: 'Martin Luther', suffix: 'Jr.' }),
    ])
    expect(splitAuthors('Vincent van Gogh').authors[0]).toMatchObject({ family: 'van Gogh', given: 'Vincent' })
  })

  it('leaves names that are no person’s as written, and an empty line empty', () => {
    expect(splitAuthors('The d2l.ai team').authors[0]).toMatchObject({ name: 'The d2l.ai team', family: null })
    // a group's name, capitalised like a person's, is still no person's
    for (const group of ['The Julia Community', 'Julia GSoC Admin Team', 'JuliaCon Organizing Committee'])
      expect(splitAuthors(group).authors, group).toEqual([expect.objectContaining({ name: group, family: null })])
    expect(authorNames('Logan, Avik, and Chris')).toEqual(['Logan', 'Avik', 'Chris'])
    expect(authorNames('Xiu-Zhe (Roger) Luo and Jin-Guo Liu')).toEqual(['Xiu-Zhe Luo', 'Jin-Guo Liu'])
    expect(splitAuthors('  ').authors).toEqual([])
    expect(splitAuthors('et al.')).toEqual({ authors: [], others: true })
  })
})
