import { xmlElement, xmlText } from './xml.js'
import { FEED_PATHS, type FeedInput } from './types.js'

const rfc822 = (iso: string) => new Date(iso).toUTCString()

/**
 * RSS 2.0. `<author>` must be an e-mail address there, so the author's name goes in
 * dc:creator; the full HTML goes in content:encoded and the excerpt in description, which is
 * what readers show in lists. The atom:link self reference is what the W3C validator asks for.
 */
export function renderRss({ site, entries, updated }: FeedInput): string {
  const home = `${site.baseUrl}/`
  const items = entries.map((e) =>
    [
      '    <item>',
      `      ${xmlElement('title', e.title)}`,
      `      ${xmlElement('link', e.url)}`,
      `      ${xmlElement('guid', e.url, ' isPermaLink="true"')}`,
      `      ${xmlElement('pubDate', rfc822(e.publishedAt))}`,
      ...e.authors.map((name) => `      ${xmlElement('dc:creator', name)}`),
      ...e.tags.map((t) => `      ${xmlElement('category', t)}`),
      `      ${xmlElement('description', e.summary)}`,
      `      ${xmlElement('content:encoded', e.html)}`,
      '    </item>',
    ]
      .filter((line) => line.trim())
      .join('\n'),
  )
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
    ${xmlElement('title', site.name)}
    ${xmlElement('link', home)}
    ${xmlElement('description', site.description || site.name)}
    <language>en</language>
    ${xmlElement('lastBuildDate', rfc822(updated))}
    <generator>Scholia</generator>
    <atom:link href="${xmlText(site.baseUrl + FEED_PATHS.rss)}" rel="self" type="application/rss+xml"/>
${items.join('\n')}
  </channel>
</rss>
`
}
