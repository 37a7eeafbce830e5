import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { join, sep } from 'node:path'
import type { Blog } from '../core/blog.js'
import { BlogError } from '../core/errors.js'
import { clientDistDir } from '../core/paths.js'
import { GUEST } from '../core/viewer.js'
import { FeedsService, type DocumentKind } from '../feeds/feeds-service.js'
import { loadClientAssets, type ClientAssets } from '../server/ssr/client-assets.js'
import { socialImage } from '../server/ssr/head.js'
import { STATIC_DATA_DIR } from '../../web/static/static-site.js'
import { resolvePublicAddress } from './base-path.js'
import { checkOutput, publish, stagingFolder } from './output-dir.js'
import { OutputFiles } from './output-files.js'
import { staticDataFiles } from './static-data.js'
import { aliasRedirectPage, hasAliasPage, NOT_FOUND_URL, renderStaticPage, type StaticPageContext } from './static-pages.js'

export interface BuildOptions {
  /** The output folder (absolute); replaced as a whole when the build is done. */
  out: string
  /** `--base`: the sub-path the site is served from; by default the path of the site's address. */
  base?: string
  /** The client build to copy and link (default dist/client). */
  clientDir?: string
  /** Injected in tests; by default read from the client build's manifest. */
  assets?: ClientAssets
}

/** What `blog build --json` prints. */
export interface BuildReport {
  out: string
  /** The site's public address, sub-path included: what canonical links, feeds and the sitemap use. */
  siteUrl: string
  base: string
  /** Rendered HTML pages: home, about, search, one per post, 404.html. */
  pages: number
  /** `/{slug}` pages that send a direct visit on to `/posts/{slug}`. */
  redirects: number
  posts: number
  /** Files copied from the data folder's media/ (banners and images of published posts). */
  media: number
  /** Social cards drawn for posts without a banner (og/posts/{slug}.png). */
  cards: number
  files: number
  bytes: number
  ms: number
  warnings: string[]
}

const DOCUMENTS: [DocumentKind, string][] = [
  ['rss', 'rss.xml'],
  ['atom', 'atom.xml'],
  ['json', 'feed.json'],
  ['sitemap', 'sitemap.xml'],
  ['robots', 'robots.txt'],
]

/**
 * `blog build`: the public site as a guest sees it, written as static files any static host or
 * CDN serves. Pages come from the server's own rendering; the browser app runs in static mode
 * on them (web/static/): API reads come from JSON files under data/, searches run over a
 * prebuilt index, writes are politely refused. Written to a folder beside `out`, then swapped in.
 */
export async function buildStaticSite(blog: Blog, opts: BuildOptions): Promise<BuildReport> {
  const started = performance.now()
  const { siteUrl, base } = resolvePublicAddress(blog.config.baseUrl, opts.base)
  // Every absolute address (canonical, og, JSON-LD, feeds, sitemap) carries the sub-path.
  const site: Blog = { ...blog, site: () => ({ ...blog.site(), baseUrl: siteUrl }) }
  const clientDir = opts.clientDir ?? clientDistDir
  const assets = opts.assets ?? loadClientAssets(clientDir)
  const warnings: string[] = []
  if (!assets.available) warnings.push('No client build was found in dist/client: the pages have no styles or scripts, and search needs scripts. Run `npm run build`, then build again.')
  if (/^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:|\/|$)/.test(siteUrl)) warnings.push(`Absolute links point to ${siteUrl}. Pass --base-url with the address the site will be served from.`)

  if (`${opts.out}${sep}`.startsWith(`${clientDir}${sep}`)) throw new BlogError('VALIDATION', `--out ${opts.out} is inside the client build it copies from (${clientDir}).`, 'Choose a folder outside it.')
  await checkOutput(opts.out)
  const staging = await stagingFolder(opts.out)
  try {
    const files = new OutputFiles(staging)
    // Slugs are lower-case ASCII words joined by '-' (src/posts/slug.ts): safe folder names.
    const posts = site.posts.visible(GUEST)

    const data = (await staticDataFiles(site, base)).map((f) => ({ file: f.file, text: JSON.stringify(f.json) }))
    const version = createHash('sha1')
    for (const { file, text } of [...data].sort((a, b) => a.file.localeCompare(b.file))) version.update(`${file}\0${text}\0`)
    for (const { file, text } of data) await files.write(`${STATIC_DATA_DIR}/${file}`, text)

    const ctx: StaticPageContext = {
      blog: site,
      assets,
      base,
      version: version.digest('hex').slice(0, 12),
      dataStamp: posts.reduce((newest, p) => Math.max(newest, Date.parse(p.updatedAt)), 0),
    }
    const pages: [url: string, file: string, renderedPath: string][] = [
      ['/', 'index.html', '/'],
      ['/about', 'about/index.html', '/about'],
      ['/search', 'search/index.html', '/search'],
      ...posts.map((p): [string, string, string] => {
        const path = `/posts/${encodeURIComponent(p.slug)}`
        return [path, `posts/${p.slug}/index.html`, path]
      }),
      [NOT_FOUND_URL, '404.html', ''],
    ]
    for (const [url, file, renderedPath] of pages) await files.write(file, (await renderStaticPage(ctx, url, renderedPath)).html)

    // The social card of a post without a banner is drawn on request on the live site.
    let cards = 0
    for (const post of posts) {
      const card = socialImage(post).replace(/\?.*$/, '')
      if (!card.startsWith('/og/')) continue
      await files.write(card.slice(1), (await blog.images.socialCard(post.slug, GUEST)).png)
      cards++
    }

    const feeds = new FeedsService(site)
    for (const [kind, file] of DOCUMENTS) await files.write(file, (await feeds.document(kind)).body)
    if (assets.available) await files.copyClient(clientDir)

    // /{slug} shows the post on the live site; a name the build already uses (data/) keeps its content.
    let redirects = 0
    for (const post of posts) {
      if (!hasAliasPage(post.slug) || existsSync(join(staging, post.slug))) continue
      await files.write(`${post.slug}/index.html`, aliasRedirectPage(ctx, post))
      redirects++
    }

    const media = await files.copyMedia(join(blog.config.dataDir, 'media'))
    if (media.missing.length) warnings.push(`Referenced but not in the data folder's media/: ${media.missing.slice(0, 5).join(', ')}${media.missing.length > 5 ? ` and ${media.missing.length - 5} more` : ''}.`)
    const { files: count, bytes } = await files.totals()
    await publish(staging, opts.out)
    return { out: opts.out, siteUrl, base, pages: pages.length, redirects, posts: posts.length, media: media.copied, cards, files: count, bytes, ms: Math.round(performance.now() - started), warnings }
  } catch (e) {
    await rm(staging, { recursive: true, force: true })
    throw e
  }
}
