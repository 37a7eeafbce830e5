import { xmlElement, xmlText } from './xml.js'
import { FEED_PATHS, type FeedInput } from './types.js'

/** Atom 1.0 (RFC 4287): the HTML travels escaped in `<content type="html">`. */
export function renderAtom({ site, entries, updated }: FeedInput): string {
  const home = `${site.baseUrl}/`
  const link = (rel: string, type: string, href: string) =>
    `<link rel="${rel}" type="${type}" href="${xmlText(href)}"/>`
  const person = (name: string) => `<author>${xmlElement('name', name)}</author>`
  const items = entries.map((e) =>
    [
      '  <entry>',
      `    ${xmlElement('title', e.title, ' type="text"')}`,
      `    ${link('alternate', 'text/html', e.url)}`,
      `    ${xmlElement('id', e.url)}`,
      `    ${xmlElement('published', e.publishedAt)}`,
      `    ${xmlElement('updated', e.updatedAt)}`,
      ...e.authors.map((name) => `    ${person(name)}`),
      ...e.tags.map((t) => `    <category term="${xmlText(t)}"/>`),
      `    ${xmlElement('summary', e.summary, ' type="text"')}`,
      `    ${xmlElement('content', e.html, ' type="html"')}`,
      '  </entry>',
    ]
      .filter((line) => line.trim())
      .join('\n'),
  )
  // A feed-level author keeps the feed valid even if an entry had none.
  return `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">
  ${xmlElement('title', site.name, ' type="text"')}
  ${xmlElement('subtitle', site.description, ' type="text"')}
  ${xmlElement('id', home)}
  ${link('alternate', 'text/html', home)}
  ${link('self', 'application/atom+xml', site.baseUrl + FEED_PATHS.atom)}
  ${xmlElement('updated', updated)}
  ${person(site.ownerName)}
  <generator>Scholia</generator>
${items.join('\n')}
</feed>
`
}
