import { describe, expect, it } from 'vitest'
import { closeUpPunctuation } from '../../../src/shared/punctuation-spacing.js'

describe('closing up the space before punctuation where pieces were joined', () => {
  it('closes up punctuation that ends a phrase', () => {
    expect(closeUpPunctuation('the model , where x is small .')).toBe('the model, where x is small.')
    expect(closeUpPunctuation('as shown (Smith ) ; then “so ”.')).toBe('as shown (Smith); then “so ”.')
  })

  it('keeps the space before code or a number that starts with punctuation', () => {
    expect(closeUpPunctuation('Replace @threads with @threads :static here.')).toBe(
      'Replace @threads with @threads :static here.',
    )
    expect(closeUpPunctuation('a rate of .5 per step')).toBe('a rate of .5 per step')
  })
})
