import { describe, expect, it } from 'vitest'
import { renderMarkdown, renderCached } from '../../../src/markdown/index.js'
import type { EssayAsset } from '../../../src/shared/schemas/index.js'

const h = (c: string) => c.repeat(20)
const stored: Record<string, EssayAsset> = {
  '../img/diagram.svg': {
    url: `/media/assets/${h('a')}.svg`,
    width: 621,
    height: 589,
    mime: 'image/svg+xml',
    bytes: 900,
  },
  'photo.png': { url: `/media/assets/${h('b')}.png`, width: 1500, height: 1000, mime: 'image/png', bytes: 5000 },
  'small.jpg': { url: `/media/assets/${h('c')}.jpg`, width: 400, height: 300, mime: 'image/jpeg', bytes: 800 },
  'clip.mp4': { url: `/media/assets/${h('d')}.mp4`, mime: 'video/mp4', bytes: 9000 },
}
const render = (md: string) => renderMarkdown(md, { resolveAsset: (ref) => stored[ref] ?? null })

describe('figures in the rendered essay', () => {
  it('a picture alone in its paragraph is a figure whose caption is its alt text, label kept, formulas rendered', () => {
    const r = render('![Softmax with $\\mathit{n}$ outputs.](../img/diagram.svg)\n:label:`fig_softmax`\n')
    expect(r.html).toMatch(
      /^<figure><a id="user-content-fig_softmax"><\/a><img src="\/media\/assets\/a{20}\.svg" alt="[^"]*" loading="lazy" decoding="async" width="621" height="589">/,
    )
    expect(r.html).toContain('<a id="user-content-fig_softmax"></a>')
    // numbered as the references to its label call it
    expect(r.html).toMatch(
      /<figcaption><span class="caption-number">Figure 1:<\/span> Softmax with <span class="katex">.*<\/span> outputs\.<\/figcaption><\/figure>/,
    )
    expect(r.assets).toEqual({ '../img/diagram.svg': stored['../img/diagram.svg'] })
    expect(r.warnings).toEqual([])
  })

  it('a PNG or JPEG is offered as WebP by width, never enlarged, with the original as fallback', () => {
    const big = render('![A photo](photo.png)').html
    expect(big).toContain(
      `<picture><source type="image/webp" srcset="/media/assets/${h('b')}-w640.webp 640w, /media/assets/${h('b')}-w1280.webp 1280w, /media/assets/${h('b')}-w1920.webp 1500w" sizes="(min-width: 48rem) 42rem, 100vw"><img src="/media/assets/${h('b')}.png" alt="A photo" loading="lazy" decoding="async" width="1500" height="1000"></picture>`,
    )
    expect(render('![Small](small.jpg)').html).toContain(`srcset="/media/assets/${h('c')}-w640.webp 400w"`)
  })

  it('an author’s width keeps the proportions; an image in a line of text stays inline', () => {
    const sized = render('<img src="photo.png" width="300">').html
    expect(sized).toContain('width="300"')
    expect(sized).toContain('height="200"')
    const inline = render('See ![icon](small.jpg) here.').html
    expect(inline).toMatch(/^<p>See <picture>.*<\/picture> here\.<\/p>$/)
  })

  it('a missing figure is a visible placeholder with its alt text, and a warning', () => {
    const r = render('![Book structure.](../img/book-org.svg)')
    expect(r.html).toBe(
      '<figure class="figure-missing"><span class="figure-missing-note">Figure not available</span><figcaption>Book structure.</figcaption></figure>',
    )
    expect(r.warnings).toEqual([{ rule: 'missing-asset', message: 'Figure not found: ../img/book-org.svg' }])
    expect(render('Inline ![a chart](gone.png).').html).toContain(
      '<span class="figure-missing" role="img" aria-label="Figure not available: a chart">[Figure not available: a chart]</span>',
    )
  })

  it('web addresses stay as written; video gets its stored source and controls', () => {
    const r = render('![Remote](https://example.org/x.png)\n\n<video src="clip.mp4" poster="photo.png"></video>')
    expect(r.html).toContain('<img src="https://example.org/x.png" alt="Remote" loading="lazy" decoding="async">')
    expect(r.html).toContain(
      `<video src="/media/assets/${h('d')}.mp4" poster="/media/assets/${h('b')}.png" preload="metadata" controls></video>`,
    )
    expect(r.warnings).toEqual([])
  })

  it('al-folio’s {% include figure.html %} is a figure from the site root, with its caption', () => {
    const seen: string[] = []
    const r = renderMarkdown(
      '{% include figure.html path="assets/img/9.jpg" class="img-fluid rounded z-depth-1" caption="A [simple] caption." %}',
      {
        resolveAsset: (ref) => (seen.push(ref), stored['small.jpg']),
      },
    )
    expect(seen).toEqual(['/assets/img/9.jpg'])
    expect(r.html).toMatch(/^<figure><picture>.*<figcaption>A \[simple\] caption\.<\/figcaption><\/figure>$/)
  })

  it('authored markup cannot smuggle script through the figure path', () => {
    const r = render(
      '![x" onerror="alert(1)](photo.png)\n\n<img src="photo.png" onerror="alert(1)" srcset="javascript:alert(1)">',
    )
    // The alt text stays text (escaped in the attribute, plain in the caption); no handler, no script URL.
    expect(r.html).not.toMatch(/<[^>]*\sonerror="/)
    expect(r.html).not.toContain('javascript:')
  })

  it('without a context (no folder to look in) local images stay as written', () => {
    expect(renderMarkdown('Inline ![a](../img/x.png) here.').html).toBe(
      '<p>Inline <img src="../img/x.png" alt="a" loading="lazy" decoding="async"> here.</p>',
    )
  })

  it('an edited post re-rendered with its stored document keeps its figures', () => {
    const document = { assets: { 'photo.png': stored['photo.png'] }, references: [], anchors: [], warnings: [] }
    const edited = renderCached('Edited intro.\n\n![A photo](photo.png)\n\n![New](new.png)', document)
    expect(edited.html).toContain(`src="/media/assets/${h('b')}.png"`)
    expect(edited.html).toContain('figure-missing')
    // Without the document it is another render, not a cached one.
    expect(renderCached('Edited intro.\n\n![A photo](photo.png)\n\n![New](new.png)').html).not.toContain(
      '/media/assets/',
    )
  })
})
