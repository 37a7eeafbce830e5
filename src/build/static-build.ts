import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readdir, readFile, rm, stat } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'
import type { Blog } from '../app/blog.js'
import { BlogError } from '../core/errors.js'
import { clientDistDir } from '../core/paths.js'
import { GUEST } from '../core/viewer.js'
import type { DocumentKind } from '../feeds/feeds-service.js'
import type { PostMeta } from '../shared/schemas/index.js'
import { loadClientAssets, type ClientAssets } from '../server/ssr/client-assets.js'
import { socialImage } from '../server/ssr/head.js'
import { socialCardKey } from '../images/images-service.js'
import { CARD_PNG, isPalettePng } from '../images/png.js'
import { RENDER_VERSION } from '../markdown/types.js'
import { neighboursIn } from '../posts/post-views.js'
import { STATIC_FILES } from '../../web/static/static-api.js'
import { STATIC_DATA_DIR } from '../../web/static/static-site.js'
import { searchDoc, type SearchDoc } from '../../web/static/search.js'
import { resolvePublicAddress } from './base-path.js'
import { checkOutput, publish, stagingFolder } from './output-dir.js'
import { MANIFEST_FORMAT, OutputFiles, readManifest } from './output-files.js'
import { searchIndexInputs, staticDataFiles, staticSearchIndex } from './static-data.js'
import {
  aliasRedirectPage,
  hasAliasPage,
  loadStaticPage,
  NOT_FOUND_URL,
  renderStaticPage,
  type StaticPageContext,
  type StaticPageData,
} from './static-pages.js'
import { dataFolder } from '../core/data-folder.js'

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
  /** Pages rendered by this build; the others were unchanged and kept from the earlier build. */
  rendered: number
  /** Files written by this build, and files kept as they were from the earlier build in `out`. */
  written: number
  kept: number
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

/** How social cards are written: bump when that changes, so every card is made again. */
const CARD_FORMAT = 'palette-png-3'
/**
 * Cards drawn at once: each is a resvg drawing and a quantisation on libuv's threads, 0.1–0.2 s
 * of one core, while the main thread renders pages; two keep both cores of a small machine busy.
 */
const CARDS_AT_ONCE = 2

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex')

/**
 * `blog build`: the public site as a guest sees it, written as static files any static host or
 * CDN serves. Pages come from the server's own rendering; the browser app runs in static mode
 * on them (web/static/): API reads come from JSON files under data/ and from the pages
 * themselves, searches run over a prebuilt index, writes are politely refused. Text files get
 * brotli and gzip copies beside them. Written to a folder beside `out`, then swapped in.
 *
 * Incremental: each page, card, data file and media file is a unit with a hash of what it is
 * made from (see output-files.ts); a unit whose hash is the one in the earlier build's manifest
 * is linked from that build rather than made again. Pages and files of deleted posts are simply
 * not carried over.
 */
export async function buildStaticSite(blog: Blog, opts: BuildOptions): Promise<BuildReport> {
  const started = performance.now()
  const { siteUrl, base } = resolvePublicAddress(blog.config.baseUrl, opts.base)
  // Every absolute address (canonical, og, JSON-LD, feeds, sitemap) carries the sub-path.
  const site: Blog = { ...blog, site: () => ({ ...blog.site(), baseUrl: siteUrl }) }
  const clientDir = opts.clientDir ?? clientDistDir
  const assets = opts.assets ?? loadClientAssets(clientDir)
  const warnings: string[] = []
  if (!assets.available)
    warnings.push(
      'No client build was found in dist/client: the pages have no styles or scripts, and search needs scripts. Run `npm run build`, then build again.',
    )
  if (/^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:|\/|$)/.test(siteUrl))
    warnings.push(`Absolute links point to ${siteUrl}. Pass --base-url with the address the site will be served from.`)

  if (`${opts.out}${sep}`.startsWith(`${clientDir}${sep}`))
    throw new BlogError(
      'VALIDATION',
      `--out ${opts.out} is inside the client build it copies from (${clientDir}).`,
      'Choose a folder outside it.',
    )
  await checkOutput(opts.out)
  const manifest = await readManifest(opts.out)
  const staging = await stagingFolder(opts.out)
  const files = new OutputFiles(staging, manifest ? { dir: opts.out, manifest } : null)
  try {
    // Slugs are lower-case ASCII words joined by '-' (src/shared/slug.ts): safe folder names.
    const posts = site.posts.visible(GUEST)
    // What every page and feed is made with besides its own data: the code that renders it, the
    // client build it links, the address and the site's settings.
    const common = JSON.stringify([
      MANIFEST_FORMAT,
      await codeSignature(),
      assetsSignature(assets),
      base,
      siteUrl,
      site.site(),
    ])
    const inputsHash = (...parts: unknown[]) => sha1(`${common}\0${JSON.stringify(parts)}`)
    /** A unit whose content is cheap to make: kept when the content is the same. */
    const writeUnit = (file: string, content: string) =>
      files.unit(`file:${file}`, sha1(content), () => files.write(file, content))

    for (const { file, json } of await staticDataFiles(site, base))
      await writeUnit(`${STATIC_DATA_DIR}/${file}`, JSON.stringify(json))
    // The search index reads every essay's body, as the pages do: when it is to be made again, each
    // entry is made beside its post's page, so a body is read once (the store keeps 64 in memory).
    const searchKey = `file:${STATIC_DATA_DIR}/${STATIC_FILES.search}`
    const searchHash = inputsHash(searchIndexInputs(site))
    const searchDocs = files.unchanged(searchKey, searchHash) ? null : new Map<number, SearchDoc>()

    const ctx: StaticPageContext = { blog: site, assets, base }
    const pages: [url: string, file: string, renderedPath: string][] = [
      ['/', 'index.html', '/'],
      ['/about', 'about/index.html', '/about'],
      ['/search', 'search/index.html', '/search'],
      [NOT_FOUND_URL, '404.html', ''],
    ]
    let rendered = 0
    const render = async (url: string, file: string, renderedPath: string, hash: string, data?: StaticPageData) =>
      files.unit(`page:${file}`, hash, async () => {
        rendered++
        await files.write(file, renderStaticPage(ctx, url, renderedPath, data ?? (await loadStaticPage(ctx, url))).html)
      })
    // Social cards are drawn on libuv's threads (resvg, sharp) while this one renders the pages.
    const cardRun = socialCards(blog, files, posts)
    try {
      // A post's page is made from the post (its index entry: `rev` and `bodyRev` change with any
      // change of it or its body), its neighbours and the rendering pipeline's version (an older
      // stored body is rendered again when read): its hash needs no read of the body.
      for (const post of posts) {
        const url = `/posts/${encodeURIComponent(post.slug)}`
        await render(
          url,
          `posts/${post.slug}/index.html`,
          url,
          inputsHash(url, post, neighboursIn(posts, post.id), RENDER_VERSION),
        )
        searchDocs?.set(post.id, searchDoc(post, await site.posts.plainText(post)))
      }
      // The other pages are made from lists and the site's texts, read from memory: hashed as the page data.
      for (const [url, file, renderedPath] of pages) {
        const data = await loadStaticPage(ctx, url)
        await render(url, file, renderedPath, inputsHash(url, renderedPath, data), data)
      }
    } catch (e) {
      await cardRun.stop()
      throw e
    }
    await cardRun.done
    await files.unit(searchKey, searchHash, async () => {
      const index = await staticSearchIndex(site, searchDocs ?? undefined)
      await files.write(`${STATIC_DATA_DIR}/${index.file}`, JSON.stringify(index.json))
    })

    // Feeds read every published post: made again when any of them (or the site) changed.
    await files.unit('feeds', inputsHash(posts), async () => {
      const feeds = blog.feeds.at(siteUrl)
      for (const [kind, file] of DOCUMENTS) await files.write(file, (await feeds.document(kind)).body)
    })
    if (assets.available)
      await files.unit('client', sha1(await clientSignature(clientDir)), () => files.copyClient(clientDir))

    // /{slug} shows the post on the live site; a name the build already uses (data/) keeps its content.
    let redirects = 0
    for (const post of posts) {
      if (!hasAliasPage(post.slug) || existsSync(join(staging, post.slug))) continue
      await writeUnit(`${post.slug}/index.html`, aliasRedirectPage(ctx, post))
      redirects++
    }

    const media = await files.copyMedia(dataFolder(blog.config.dataDir).mediaDir)
    if (media.missing.length)
      warnings.push(
        `Referenced but not in the data folder's media/: ${media.missing.slice(0, 5).join(', ')}${media.missing.length > 5 ? ` and ${media.missing.length - 5} more` : ''}.`,
      )
    await files.writeManifest()
    const { files: count, bytes } = await files.totals()
    await publish(staging, opts.out)
    return {
      out: opts.out,
      siteUrl,
      base,
      pages: pages.length + posts.length,
      redirects,
      posts: posts.length,
      media: media.copied,
      cards: cardRun.cards,
      files: count,
      bytes,
      rendered,
      written: files.written,
      kept: files.kept,
      ms: Math.round(performance.now() - started),
      warnings,
    }
  } catch (e) {
    // compressions still running write into the folder: let them end first
    await files.settle().catch(() => {})
    await rm(staging, { recursive: true, force: true })
    throw e
  }
}

/**
 * The social card of each post without a banner (og/posts/{slug}.png), as the live site draws it
 * on request: a palette PNG (og:image wants PNG or JPEG), kept in the data folder by the images
 * service, so a build into a new folder copies the cards an earlier build or a reader's visit
 * drew. `done` settles when every card is written and rejects with the first failure; `stop`
 * starts no more cards and waits for those being drawn.
 */
function socialCards(
  blog: Blog,
  files: OutputFiles,
  posts: readonly PostMeta[],
): { cards: number; done: Promise<void>; stop: () => Promise<void> } {
  const queue = posts.flatMap((post) => {
    const card = socialImage(post).replace(/\?.*$/, '')
    return card.startsWith('/og/') ? [{ post, file: card.slice(1) }] : []
  })
  const cards = queue.length
  const next = async (): Promise<void> => {
    for (let item = queue.shift(); item; item = queue.shift()) {
      const { post, file } = item
      await files.unit(`card:${post.slug}`, `${CARD_FORMAT}:${socialCardKey(post)}`, async () => {
        const drawn = (await blog.images.socialCard(post.slug, GUEST)).png
        // a card kept in another form (an older data folder's) is made a palette PNG here
        await files.write(file, isPalettePng(drawn) ? drawn : await sharp(drawn).png(CARD_PNG).toBuffer())
      })
    }
  }
  const workers = Array.from({ length: Math.min(CARDS_AT_ONCE, cards) }, next)
  const done = Promise.all(workers).then(() => {})
  // a failure stops the other drawers, and waits for the pages to be done before it is thrown
  done.catch(() => (queue.length = 0))
  const stop = async () => {
    queue.length = 0
    await Promise.allSettled(workers)
  }
  return { cards, done, stop }
}

/** The client build as the pages link it: a new build gives new hashed names, and new pages. */
function assetsSignature(assets: ClientAssets): string {
  const { head, styles, deferredStyles, script, ownerHead, available } = assets
  return sha1(JSON.stringify([head, styles, deferredStyles, script, ownerHead, available]))
}

/** The client build's files, by name, size and time: copied again when any changed. */
async function clientSignature(clientDir: string): Promise<string> {
  const entries = await readdir(clientDir, { recursive: true, withFileTypes: true })
  const files = entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .sort()
  const parts: string[] = []
  for (const file of files) {
    const info = await stat(file)
    parts.push(`${relative(clientDir, file)}:${info.size}:${info.mtimeMs}`)
  }
  return parts.join('\n')
}

/** The code that renders pages, cards and feeds, as the sources (tests, tsx) hold it. */
const SOURCE_DIRS = [
  'web',
  'src/server/ssr',
  'src/build',
  'src/feeds',
  'src/shared',
  'src/images',
  'src/search',
  'src/text',
]
/**
 * Where that code is: from the sources, those folders of the checkout; from the build, the
 * bundle's one folder (scripts/bundle-node.mjs), all of it, since its files mix every part.
 */
const CODE = import.meta.url.endsWith('.ts')
  ? { root: fileURLToPath(new URL('../..', import.meta.url)), dirs: SOURCE_DIRS }
  : { root: fileURLToPath(new URL('.', import.meta.url)), dirs: ['.'] }

/**
 * A hash of the rendering code's files: after an update of the program every page is made
 * again, even where no input changed. A thousand small files, read in a few tens of milliseconds.
 */
async function codeSignature(): Promise<string> {
  const hash = createHash('sha1')
  for (const dir of CODE.dirs) {
    const root = join(CODE.root, dir)
    const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => [])
    const files = entries
      .filter((e) => e.isFile() && /\.(js|ts|tsx|css)$/.test(e.name) && !e.name.endsWith('.d.ts'))
      .map((e) => join(e.parentPath, e.name))
      .sort()
    for (const file of files)
      hash
        .update(`${relative(CODE.root, file)}\0`)
        .update(await readFile(file))
        .update('\0')
  }
  return hash.digest('hex')
}
