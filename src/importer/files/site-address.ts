import { existsSync, readFileSync } from 'node:fs'
import { extname, join } from 'node:path'
import { parse as parseToml } from 'smol-toml'
import { parse as parseYaml } from 'yaml'
import { z } from 'zod'
import { stampOf } from './book-config.js'
import { readJekyllDocuments, type JekyllDocuments } from './jekyll-defaults.js'
import { PermalinkPattern } from './permalink-pattern.js'

/** How a site's tool turns a source file into a published address (see published-link.ts). */
export type PublishingTool = 'hugo' | 'jekyll' | 'quarto' | 'bookdown' | 'jupyter-book' | 'myst'

/** Where a site says it is published: its address and the tool that publishes it. */
export interface SiteAddress {
  tool: PublishingTool
  /** The site's public address, ending in `/` (`https://author.github.io/blog/`). */
  base: URL
}

/**
 * How the site's tool makes its posts' addresses, known even when its public address is not:
 * the folder it is served from and the permalink patterns its configuration sets (post-address.ts).
 */
export interface SitePermalinks {
  tool: PublishingTool
  /** The site's folder on its host, `/` or `/blog/` (Jekyll's `baseurl`, the path of Hugo's `baseURL`). */
  basePath: string
  /** Jekyll's `permalink:`, a style (`pretty`) or a pattern (`/:year/:title/`). */
  permalink?: string
  /** Hugo's `[permalinks]`, a pattern by section (`post = "/:year/:slug/"`). */
  sections?: Record<string, string>
  /** Jekyll's front matter `defaults:` and `collections:` (jekyll-defaults.ts). */
  documents?: JekyllDocuments
}

/** The site's address, the configuration files it came from and what was wrong in them. */
export interface SiteAddressReading {
  address: SiteAddress | null
  /** For a Jekyll or Hugo site: how its posts are addressed. */
  permalinks?: SitePermalinks
  /** Configuration files read (a change to any of them imports the site's essays again). */
  files: string[]
  warnings: string[]
}

/**
 * A site's own address: an absolute http(s) URL. Placeholders that theme skeletons ship
 * (`http://example.org/`, `localhost`) are no site's address.
 */
const PublicAddress = z
  .string()
  .trim()
  .pipe(z.url({ protocol: /^https?$/, hostname: z.regexes.domain }))
  .refine((url) => !/^https?:\/\/(?:www\.)?example\.(?:org|com|net)(?:[/:]|$)/i.test(url), 'a placeholder')

/** Written but saying nothing: an empty value, or Hugo's and Jekyll's "served from the root". */
const NO_ADDRESS = /^\s*\/?\s*$/

const HUGO_CONFIG = ['hugo', 'config'].flatMap((name) => ['toml', 'yaml', 'yml', 'json'].map((ext) => `${name}.${ext}`))
const HugoConfig = z.looseObject({
  baseURL: z.unknown().optional(),
  baseurl: z.unknown().optional(),
  permalinks: z.unknown().optional(),
})
const JekyllConfig = z.looseObject({
  url: z.unknown().optional(),
  baseurl: z.unknown().optional(),
  permalink: z.unknown().optional(),
})
/** Hugo's `[permalinks]`: a pattern by section, or (Hugo 0.120) by kind, then section. */
const HugoPermalinks = z.record(z.string(), z.union([PermalinkPattern, z.record(z.string(), z.unknown())]))
const QuartoConfig = z.looseObject({ website: z.looseObject({ 'site-url': z.unknown().optional() }).optional() })
const JupyterBookConfig = z.looseObject({ html: z.looseObject({ baseurl: z.unknown().optional() }).optional() })
const MystConfig = z.looseObject({
  site: z.looseObject({ url: z.unknown().optional() }).optional(),
  project: z.looseObject({ url: z.unknown().optional() }).optional(),
})
const BookdownConfig = z.looseObject({ url: z.unknown().optional() })

/** Per root, by the configuration files' sizes and modification times: every page of a site asks. */
const known = new Map<string, { stamp: string; reading: SiteAddressReading }>()

/**
 * The public address a site's configuration gives it, as its tool reads it: Hugo's `baseURL`,
 * Jekyll's `url` + `baseurl`, Quarto's `website: site-url`, a Jupyter Book's `html: baseurl`,
 * mystmd's `site`/`project` `url`, bookdown's `url` (in `_bookdown.yml` or `index.Rmd`'s front
 * matter). A value that is not a public web address is ignored with a warning. Synchronous, like
 * the render that asks; never throws.
 */
export function siteAddressOf(root: string): SiteAddressReading {
  const found = configOf(root)
  if (!found) return { address: null, files: [], warnings: [] }
  const stamp = found.files.map(stampOf).join('|')
  const cached = known.get(root)
  if (cached?.stamp === stamp) return cached.reading
  const reading = readAddress(found.tool, found.files)
  known.set(root, { stamp, reading })
  return reading
}

/** The site's tool and its configuration files, from the markers `detectSite` also reads. */
function configOf(root: string): { tool: PublishingTool; files: string[] } | null {
  const at = (...parts: string[]) => join(root, ...parts)
  const jekyllConfig = ['_config.yml', '_config.yaml'].map((f) => at(f)).find(existsSync)
  if (jekyllConfig && existsSync(at('_posts'))) return { tool: 'jekyll', files: [jekyllConfig] }
  if (existsSync(at('content'))) {
    const hugo = [...HUGO_CONFIG.map((f) => at(f)), ...HUGO_CONFIG.map((f) => at('config', '_default', f))].filter(
      existsSync,
    )
    if (hugo.length > 0) return { tool: 'hugo', files: hugo }
  }
  const quarto = ['_quarto.yml', '_quarto.yaml'].map((f) => at(f)).find(existsSync)
  if (quarto) return { tool: 'quarto', files: [quarto] }
  if (existsSync(at('_bookdown.yml')))
    return { tool: 'bookdown', files: [at('_bookdown.yml'), at('index.Rmd')].filter(existsSync) }
  if (existsSync(at('_toc.yml')) && jekyllConfig) return { tool: 'jupyter-book', files: [jekyllConfig] }
  if (existsSync(at('myst.yml'))) return { tool: 'myst', files: [at('myst.yml')] }
  return null
}

function readAddress(tool: PublishingTool, files: string[]): SiteAddressReading {
  const configs = files.map((file) => ({ file, config: readConfig(file) }))
  const warnings: string[] = []
  const address = publicAddress(tool, configs, warnings)
  const permalinks = tool === 'jekyll' || tool === 'hugo' ? permalinksOf(tool, configs, address, warnings) : undefined
  return { address, ...(permalinks ? { permalinks } : {}), files, warnings }
}

type ReadConfig = { file: string; config: unknown }

function publicAddress(tool: PublishingTool, configs: readonly ReadConfig[], warnings: string[]): SiteAddress | null {
  const written = configs.flatMap(({ file, config }) => {
    const value = writtenAddress(tool, config)
    return value === undefined ? [] : [{ file, value }]
  })
  // Hugo's root configuration file comes before config/_default/ (the order of `files`).
  const first = written[0]
  if (!first || (typeof first.value === 'string' && NO_ADDRESS.test(first.value))) return null
  const parsed = PublicAddress.safeParse(first.value)
  if (!parsed.success) {
    warnings.push(
      `The site's address in ${nameOf(first.file)} (${JSON.stringify(first.value)}) ` +
        'is not a public web address: links to its pages that are not imported are kept as they were',
    )
    return null
  }
  const base = new URL(parsed.data)
  if (!base.pathname.endsWith('/')) base.pathname += '/'
  base.search = ''
  base.hash = ''
  return { tool, base }
}

/**
 * The folder a Jekyll or Hugo site is served from and the permalink patterns its configuration
 * sets; a pattern that is not one is left out with a warning (the tool's default applies).
 */
function permalinksOf(
  tool: 'jekyll' | 'hugo',
  configs: readonly ReadConfig[],
  address: SiteAddress | null,
  warnings: string[],
): SitePermalinks {
  const out: SitePermalinks = { tool, basePath: address?.base.pathname ?? '/' }
  for (const { file, config } of configs) {
    if (tool === 'jekyll') {
      const c = JekyllConfig.safeParse(config)
      if (!c.success) continue
      // A site with no `url` is still served under its `baseurl` (`/lil-log/`).
      if (!address && typeof c.data.baseurl === 'string' && !NO_ADDRESS.test(c.data.baseurl))
        out.basePath = `/${c.data.baseurl.trim().replace(/^\/+|\/+$/g, '')}/`
      const documents = readJekyllDocuments(config, (w) => warnings.push(w))
      if (documents) out.documents = documents
      if (c.data.permalink === undefined || c.data.permalink === null) continue
      const pattern = PermalinkPattern.safeParse(c.data.permalink)
      if (pattern.success) out.permalink = pattern.data
      else warnings.push(badPermalink(file, c.data.permalink))
    } else {
      const c = HugoConfig.safeParse(config)
      if (!c.success || c.data.permalinks === undefined || out.sections) continue
      const table = HugoPermalinks.safeParse(c.data.permalinks)
      if (!table.success) {
        warnings.push(badPermalink(file, c.data.permalinks))
        continue
      }
      // `[permalinks.page]` (by kind) holds the sections' patterns for pages, which posts are.
      const byKind = table.data.page
      const sections = typeof byKind === 'object' ? byKind : table.data
      out.sections = {}
      for (const [section, value] of Object.entries(sections)) {
        const pattern = PermalinkPattern.safeParse(value)
        if (pattern.success) out.sections[section] = pattern.data
      }
    }
  }
  return out
}

function badPermalink(file: string, value: unknown): string {
  return (
    `The permalink setting in ${nameOf(file)} (${JSON.stringify(value)?.slice(0, 120)}) is not a pattern: ` +
    "its posts' addresses are taken as the site's tool makes them by default"
  )
}

function nameOf(file: string): string {
  return file.slice(file.lastIndexOf('/') + 1)
}

/** The address as the configuration writes it; undefined when it writes none. */
function writtenAddress(tool: PublishingTool, config: unknown): unknown {
  switch (tool) {
    case 'hugo': {
      const c = HugoConfig.safeParse(config)
      return c.success ? (c.data.baseURL ?? c.data.baseurl) : undefined
    }
    case 'jekyll': {
      const c = JekyllConfig.safeParse(config)
      if (!c.success || c.data.url === undefined || c.data.url === null) return undefined
      const baseurl = typeof c.data.baseurl === 'string' ? c.data.baseurl.trim().replace(/^\/*/, '/') : ''
      return typeof c.data.url === 'string' ? c.data.url.trim().replace(/\/+$/, '') + baseurl : c.data.url
    }
    case 'quarto': {
      const c = QuartoConfig.safeParse(config)
      return c.success ? c.data.website?.['site-url'] : undefined
    }
    case 'jupyter-book': {
      const c = JupyterBookConfig.safeParse(config)
      return c.success ? c.data.html?.baseurl : undefined
    }
    case 'myst': {
      const c = MystConfig.safeParse(config)
      return c.success ? (c.data.site?.url ?? c.data.project?.url) : undefined
    }
    case 'bookdown': {
      const c = BookdownConfig.safeParse(config)
      return c.success ? c.data.url : undefined
    }
  }
}

/** A configuration file as data: TOML, JSON, YAML, or an R Markdown file's YAML front matter. */
function readConfig(path: string): unknown {
  try {
    const text = readFileSync(path, 'utf8')
    switch (extname(path).toLowerCase()) {
      case '.toml':
        return parseToml(text)
      case '.json':
        return JSON.parse(text) as unknown
      case '.rmd': {
        const head = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---/.exec(text)
        return head ? (parseYaml(head[1]) as unknown) : null
      }
      default:
        return parseYaml(text) as unknown
    }
  } catch {
    // A configuration that cannot be read gives no address; the site's import reports the rest.
    return null
  }
}
