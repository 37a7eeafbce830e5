import { existsSync, readFileSync } from 'node:fs'
import { extname, join } from 'node:path'
import { parse as parseToml } from 'smol-toml'
import { parse as parseYaml } from 'yaml'
import { z } from 'zod'
import { stampOf } from './book-config.js'

/** How a site's tool turns a source file into a published address (see published-link.ts). */
export type PublishingTool = 'hugo' | 'jekyll' | 'quarto' | 'bookdown' | 'jupyter-book' | 'myst'

/** Where a site says it is published: its address and the tool that publishes it. */
export interface SiteAddress {
  tool: PublishingTool
  /** The site's public address, ending in `/` (`https://author.github.io/blog/`). */
  base: URL
}

/** The site's address, the configuration files it came from and what was wrong in them. */
export interface SiteAddressReading {
  address: SiteAddress | null
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
const HugoConfig = z.looseObject({ baseURL: z.unknown().optional(), baseurl: z.unknown().optional() })
const JekyllConfig = z.looseObject({ url: z.unknown().optional(), baseurl: z.unknown().optional() })
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
  const written = files.flatMap((file) => {
    const value = writtenAddress(tool, readConfig(file))
    return value === undefined ? [] : [{ file, value }]
  })
  // Hugo's root configuration file comes before config/_default/ (the order of `files`).
  const first = written[0]
  if (!first || (typeof first.value === 'string' && NO_ADDRESS.test(first.value)))
    return { address: null, files, warnings: [] }
  const parsed = PublicAddress.safeParse(first.value)
  if (!parsed.success)
    return {
      address: null,
      files,
      warnings: [
        `The site's address in ${first.file.slice(first.file.lastIndexOf('/') + 1)} (${JSON.stringify(first.value)}) ` +
          'is not a public web address: links to its pages that are not imported are kept as they were',
      ],
    }
  const base = new URL(parsed.data)
  if (!base.pathname.endsWith('/')) base.pathname += '/'
  base.search = ''
  base.hash = ''
  return { address: { tool, base }, files, warnings: [] }
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
