import { describe, expect, it } from 'vitest'
import { CONTENT_FIGURE_CAPTION, withContentFigures } from '../../../web/lib/content-figures.js'

const figure = (n: number) => ({ src: `/media/p/${n}.png?v=1`, alt: `Illustration for “A & B”` })
const essay = (sections: number, intro = true) =>
  (intro ? '<p>Intro.</p>\n' : '') +
  Array.from({ length: sections }, (_, i) => `<h2 id="s${i}">S${i}</h2>\n<p>Text ${i}.</p>\n`).join('')
const ids = (n: number) => Array.from({ length: n }, (_, i) => `s${i}`)
/** What precedes each figure's heading: the heading ids right after the figures, in order. */
const placedBefore = (html: string) =>
  [...html.matchAll(/<\/figure>\n(<h2 id="(\w+)"|.{0,20})/g)].map((m) => m[2] ?? 'end')

describe('generated content images in the essay', () => {
  it('go between sections, spread evenly, with alt text, size and caption', () => {
    const html = withContentFigures(essay(6), ids(6), [figure(1), figure(2)])
    expect(placedBefore(html)).toEqual(['s2', 's4'])
    expect(html).toContain(
      '<img src="/media/p/1.png?v=1" alt="Illustration for “A &amp; B”" width="1024" height="768" loading="lazy" decoding="async">',
    )
    expect(html.match(new RegExp(CONTENT_FIGURE_CAPTION, 'g'))).toHaveLength(2)
  })

  it('never before a first heading nothing precedes, and at the end of the text when sections are too few', () => {
    expect(placedBefore(withContentFigures(essay(3, false), ids(3), [figure(1), figure(2)]))).toEqual(['s1', 's2'])
    expect(placedBefore(withContentFigures(essay(1), ids(1), [figure(1), figure(2)]))).toEqual(['s0', 'end'])
    const notes = '<section data-footnotes class="footnotes"><h2 id="footnote-label">Footnotes</h2></section>'
    const out = withContentFigures(`<p>Only prose.</p>\n${notes}`, [], [figure(1)])
    expect(out.indexOf('<figure')).toBeLessThan(out.indexOf('<section data-footnotes'))
    expect(withContentFigures('<p>x</p>', ids(2), [])).toBe('<p>x</p>')
  })
})
