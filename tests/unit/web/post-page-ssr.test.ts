import { describe, expect, it } from 'vitest'
import { render } from '../../../web/entry-server.js'
import { post, site } from './fixtures.js'

const html = (data: ReturnType<typeof post>) =>
  render({ url: `/posts/${data.slug}`, site, queries: [{ queryKey: ['/api/posts', data.slug], data }] }).html

const model = {
  field: 'Mechanics',
  abstract: 'Motion under a force.',
  variables: [],
  equations: [{ name: 'Newton', equation: 'F = ma', description: '' }],
  systemDynamics: 'Steady.',
  validation: { reliability: 'low', strengths: [], limitations: [], validationMethods: [] },
  practicalApplications: [],
}

describe('render() — post page reading aids', () => {
  const essay = post({
    slug: 'fluxions',
    title: 'On Fluxions & Fluents',
    html: '<p>The fluxion of a fluent is its rate.</p>',
    annotations: JSON.stringify([
      { type: 'definition', targetText: 'fluxion', annotation: 'A rate of change.', category: 'Calculus', priority: 1 },
    ]),
    summary: 'Newton on rates.\n\nAnd on fluents.',
    bibliography: JSON.stringify({
      introduction: 'Sources.',
      entries: [{ id: 'n', type: 'book', title: 'Principia', authors: ['Isaac Newton'], year: 1687 }],
      furtherReading: [],
    }),
    mathematicalModel: JSON.stringify(model),
  })

  it('renders the share links, summary, annotation toggle, bibliography and model button on the server', () => {
    const out = html(essay)
    const canonical = encodeURIComponent('https://essays.example/posts/fluxions')
    expect(out).toContain(
      `href="https://twitter.com/intent/tweet?text=On%20Fluxions%20%26%20Fluents&amp;url=${canonical}"`,
    )
    expect(out).toContain(`href="https://www.facebook.com/sharer/sharer.php?u=${canonical}"`)
    expect(out).toContain('target="_blank" rel="noopener noreferrer"')
    expect(out).toMatch(/<h2[^>]*>.*Summary<\/h2><p>Newton on rates.<\/p><p>And on fluents.<\/p>/)
    expect(out).toContain('Show Annotations')
    // the essay is served as written; highlights are added only when the reader asks
    expect(out).toContain('<p>The fluxion of a fluent is its rate.</p>')
    expect(out).not.toContain('data-annotation')
    expect(out).toContain('Bibliography and References')
    expect(out).toContain('<cite>Principia</cite>')
    expect(out).toMatch(/<button[^>]*class="model-launcher"[^>]*aria-expanded="false"/)
    // the comments load in the browser
    expect(out).toContain('Loading comments…')
  })

  it('leaves out what cannot be read, and uses the content summary when there is no summary', () => {
    const out = html(
      post({
        slug: 'plain',
        annotations: '[{"type":"gossip"}]',
        bibliography: '{oops',
        mathematicalModel: '{"field":"x"}',
        summary: null,
        contentSummary: 'From the content.',
      }),
    )
    expect(out).not.toContain('Show Annotations')
    expect(out).not.toContain('Bibliography and References')
    expect(out).not.toContain('model-launcher')
    expect(out).toContain('From the content.')
  })

  it('offers no toggle when no annotation target is in the text', () => {
    const out = html(
      post({
        slug: 'miss',
        annotations: JSON.stringify([
          { type: 'example', targetText: 'absent words', annotation: 'x', category: '', priority: 2 },
        ]),
      }),
    )
    expect(out).not.toContain('Show Annotations')
  })
})
