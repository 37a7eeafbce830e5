import { FEED_PATHS, type FeedInput } from './types.js'

/** JSON Feed 1.1 (https://jsonfeed.org/version/1.1): `authors` arrays, `language`. */
export function renderJsonFeed({ site, entries }: FeedInput): string {
  const feed = {
    version: 'https://jsonfeed.org/version/1.1',
    title: site.name,
    home_page_url: `${site.baseUrl}/`,
    feed_url: site.baseUrl + FEED_PATHS.json,
    description: site.description,
    language: 'en',
    authors: [{ name: site.ownerName }],
    items: entries.map((e) => ({
      id: e.url,
      url: e.url,
      title: e.title,
      content_html: e.html,
      summary: e.summary,
      ...(e.image ? { image: e.image, banner_image: e.image } : {}),
      date_published: e.publishedAt,
      date_modified: e.updatedAt,
      authors: e.authors.map((name) => ({ name })),
      tags: e.tags,
    })),
  }
  return `${JSON.stringify(feed, null, 2)}\n`
}
