import { posix } from 'node:path'
import { z } from 'zod'
import { MONTHS } from '../../shared/plain-format.js'
import { jekyllDefaults } from './jekyll-defaults.js'
import { PermalinkPattern } from './permalink-pattern.js'
import type { SitePermalinks } from './site-address.js'

/**
 * The front matter a post's own address is made from, checked at the edge: a value of another
 * shape is left out with a warning, and the address is made as if it were not written.
 */
const AddressPath = PermalinkPattern
const Words = z.union([z.string(), z.number()]).transform((v) => String(v).trim())
const AddressFields = {
  permalink: AddressPath,
  slug: Words.pipe(z.string().min(1).max(300)),
  url: AddressPath,
  aliases: z.union([AddressPath.transform((a) => [a]), z.array(AddressPath).max(50)]),
  categories: z.union([Words.transform((c) => c.split(/\s+/)), z.array(Words).max(50)]),
  category: Words,
  title: Words,
  date: z.union([z.string(), z.date()]),
}
type AddressField = keyof typeof AddressFields

/** A post's own addresses and what was wrong in the front matter they came from. */
export interface PostAddresses {
  /** Paths from the site's root (its `baseurl` left out), the one the tool publishes it at first. */
  paths: string[]
  warnings: string[]
}

/** Jekyll's named permalink styles. */
const JEKYLL_STYLES: Record<string, string> = {
  date: '/:categories/:year/:month/:day/:title:output_ext',
  pretty: '/:categories/:year/:month/:day/:title/',
  ordinal: '/:categories/:year/:y_day/:title:output_ext',
  weekdate: '/:categories/:year/W:week/:short_day/:title:output_ext',
  none: '/:categories/:title:output_ext',
}
const JEKYLL_POST = /^(\d{4})-(\d{1,2})-(\d{1,2})-(.+)$/
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']

/**
 * The addresses (paths from the site's root) a Jekyll or Hugo site publishes a post at, as its
 * tool makes them: Jekyll's front matter or configured `permalink` (a style or a pattern), else
 * `/:categories/:year/:month/:day/:title.html`; Hugo's front matter `url`, else the section's
 * `[permalinks]` pattern, else its folder and file name with `slug` for the name, and `aliases`
 * beside. `source` is the file's path from the site's root. Empty for a file the tool gives no
 * address, or for another tool.
 */
export function postAddresses(
  site: SitePermalinks,
  source: string,
  frontmatter: Readonly<Record<string, unknown>>,
): PostAddresses {
  const warnings: string[] = []
  const field = <K extends AddressField>(key: K): z.output<(typeof AddressFields)[K]> | undefined => {
    const value = frontmatter[key]
    if (value === undefined || value === null) return undefined
    const read = AddressFields[key].safeParse(value)
    if (read.success) return read.data as z.output<(typeof AddressFields)[K]>
    warnings.push(
      `The front matter's ${key} (${JSON.stringify(value)?.slice(0, 120)}) cannot make the post's address: it is left out`,
    )
    return undefined
  }
  const paths =
    site.tool === 'jekyll' ? jekyllAddress(site, source, frontmatter, field) : hugoAddresses(site, source, field)
  return { paths: [...new Set(paths)], warnings }
}

type Field = <K extends AddressField>(key: K) => z.output<(typeof AddressFields)[K]> | undefined

/**
 * A Jekyll document's address. Its permalink is the front matter's, else the `defaults:` that
 * scope it (jekyll-defaults.ts), else its collection's `permalink` (for posts, the site's
 * `permalink:` style or pattern; for another collection `/:collection/:path` in that style).
 */
function jekyllAddress(
  site: SitePermalinks,
  source: string,
  frontmatter: Readonly<Record<string, unknown>>,
  read: Field,
): string[] {
  const documents = site.documents
  const dir = documents?.collectionsDir ?? ''
  const relative = dir && source.startsWith(`${dir}/`) ? source.slice(dir.length + 1) : source
  const name = posix.basename(source).replace(/\.[^.]+$/, '')
  const folders = posix.dirname(source).split('/')
  const posts = folders.indexOf('_posts')
  const dated = JEKYLL_POST.exec(name)
  const label = /^_([^/]+)\//.exec(relative)?.[1]
  const collection =
    posts >= 0 && dated ? 'posts' : label && label !== 'posts' && documents?.collections[label] ? label : null
  if (collection === null && (source.startsWith('_') || source.includes('/_'))) return []
  // Front matter over the defaults that scope the document (Jekyll merges them in first).
  const defaults = documents ? jekyllDefaults(documents.defaults, relative, collection ?? 'pages') : {}
  const field: Field = (key) =>
    Object.hasOwn(frontmatter, key) || !Object.hasOwn(defaults, key) ? read(key) : fromDefaults(defaults, key)
  const written = field('permalink')
  if (collection === null) return [written ? expand(written, {}) : `/${source.replace(/\.[^.]+$/, '')}.html`]
  const slugWritten = field('slug')
  const file = dated ? dated[4] : name
  const fileDate = dated ? new Date(Date.UTC(Number(dated[1]), Number(dated[2]) - 1, Number(dated[3]))) : new Date(0)
  const date = dateOf(field('date'), fileDate)
  // Categories: a post's folders above `_posts`, then the front matter's, lower-cased (Jekyll 3+).
  const categories = [
    ...(collection === 'posts' ? folders.slice(0, posts) : []),
    ...(field('categories') ?? []),
    ...[field('category')].filter((c) => c !== undefined),
  ]
    .map((c) => c.toLowerCase())
    .filter((c, i, all) => c !== '' && all.indexOf(c) === i)
  const style = site.permalink ?? 'date'
  const configured =
    documents?.collections[collection]?.permalink ??
    (collection === 'posts' ? style : `/:collection/:path${styleSuffix(style)}`)
  const pattern = written ?? (Object.hasOwn(JEKYLL_STYLES, configured) ? JEKYLL_STYLES[configured] : configured)
  const pad = (n: number) => String(n).padStart(2, '0')
  const start = Date.UTC(date.getUTCFullYear(), 0, 1)
  const yearDay = Math.floor((date.getTime() - start) / 86_400_000) + 1
  return [
    expand(pattern, {
      collection,
      // the document's path in its collection's folder, without its extension (Jekyll's cleaned_relative_path)
      path: relative.replace(/\.[^.]+$/, '').replace(`_${collection}`, ''),
      year: String(date.getUTCFullYear()),
      short_year: pad(date.getUTCFullYear() % 100),
      month: pad(date.getUTCMonth() + 1),
      i_month: String(date.getUTCMonth() + 1),
      short_month: MONTHS[date.getUTCMonth()].slice(0, 3),
      long_month: MONTHS[date.getUTCMonth()],
      day: pad(date.getUTCDate()),
      i_day: String(date.getUTCDate()),
      y_day: String(yearDay).padStart(3, '0'),
      short_day: DAYS[date.getUTCDay()].slice(0, 3),
      long_day: DAYS[date.getUTCDay()],
      week: pad(Math.ceil(yearDay / 7)),
      hour: pad(date.getUTCHours()),
      minute: pad(date.getUTCMinutes()),
      second: pad(date.getUTCSeconds()),
      title: slugify(slugWritten ?? file, 'pretty'),
      slug: slugify(slugWritten ?? file, 'default'),
      // Jekyll's UrlDrop#name: the file's base name, a post's date included.
      name: slugify(name, 'default'),
      categories: categories.join('/'),
      output_ext: '.html',
    }),
  ]
}

/** What Jekyll adds after `/:collection/:path` for the site's permalink style (Utils.add_permalink_suffix). */
function styleSuffix(style: string): string {
  if (style === 'pretty') return '/'
  if (Object.hasOwn(JEKYLL_STYLES, style)) return ':output_ext'
  return style.endsWith('/') ? '/' : style.endsWith(':output_ext') ? ':output_ext' : ''
}

/** A default's value read as the front matter's would be; one of the wrong shape is as if not set. */
function fromDefaults<K extends AddressField>(
  defaults: Readonly<Record<string, unknown>>,
  key: K,
): z.output<(typeof AddressFields)[K]> | undefined {
  const read = AddressFields[key].safeParse(defaults[key])
  return read.success ? (read.data as z.output<(typeof AddressFields)[K]>) : undefined
}

/** The post's date: the front matter's, else `otherwise` (a Jekyll post's file name's). */
function dateOf(written: string | Date | undefined, otherwise: Date): Date {
  if (written === undefined) return otherwise
  const date = written instanceof Date ? written : new Date(written)
  return Number.isNaN(date.getTime()) ? otherwise : date
}

function hugoAddresses(site: SitePermalinks, source: string, field: Field): string[] {
  if (!source.startsWith('content/')) return []
  const path = source.slice('content/'.length).replace(/\.[^.]+$/, '')
  const parts = path.split('/')
  const bundle = /^_?index$/i.test(parts[parts.length - 1])
  if (bundle) parts.pop()
  // A section's own page (`content/post/_index.md`) and the home page are lists, not posts.
  if (parts.length === 0 || /^_index$/i.test(posix.basename(path))) return []
  const name = parts[parts.length - 1]
  const section = parts.length > 1 ? parts[0] : ''
  const slug = field('slug')
  const title = field('title')
  const url = field('url')
  const pattern = site.sections && Object.hasOwn(site.sections, section) ? site.sections[section] : undefined
  let own: string
  if (url) own = url.startsWith('/') ? url : `/${url}`
  else if (pattern) {
    const date = dateOf(field('date'), new Date(0))
    const pad = (n: number) => String(n).padStart(2, '0')
    own = expand(pattern, {
      year: String(date.getUTCFullYear()),
      month: pad(date.getUTCMonth() + 1),
      monthname: MONTHS[date.getUTCMonth()].toLowerCase(),
      day: pad(date.getUTCDate()),
      weekday: String(date.getUTCDay()),
      weekdayname: DAYS[date.getUTCDay()].toLowerCase(),
      yearday: String(Math.floor((date.getTime() - Date.UTC(date.getUTCFullYear(), 0, 1)) / 86_400_000) + 1),
      section,
      sections: parts.slice(0, -1).join('/'),
      title: urlize(title ?? name),
      slug: urlize(slug ?? title ?? name),
      slugorfilename: urlize(slug ?? name),
      slugorcontentbasename: urlize(slug ?? name),
      filename: urlize(name),
      contentbasename: urlize(name),
    })
  } else own = `/${[...parts.slice(0, -1), slug ?? name].map(urlize).join('/')}/`
  // A relative alias is on the page's own level, beside it (Hugo's renderAliases: the page's link + "..").
  const aliases = (field('aliases') ?? []).map((alias) =>
    alias.startsWith('/') ? alias : new URL(alias, `http://site${own.replace(/\/+$/, '')}`).pathname,
  )
  return [own, ...aliases]
}

/** A pattern's `:name` placeholders (longest name first) filled in; unknown ones stay as written. */
function expand(pattern: string, values: Readonly<Record<string, string>>): string {
  const names = Object.keys(values).sort((a, b) => b.length - a.length)
  const filled = names.length
    ? pattern.replace(new RegExp(`:(${names.join('|')})`, 'g'), (_, name: string) => values[name])
    : pattern
  // An empty placeholder (no categories) leaves no empty folder behind.
  const path = `/${filled}`.replace(/\/{2,}/g, '/')
  return path
}

/** Jekyll's `Utils.slugify`: `pretty` keeps case and `._~!$&'()+,;=@`, `default` lower-cases. */
function slugify(text: string, mode: 'pretty' | 'default'): string {
  const kept = mode === 'pretty' ? /[^\p{L}\p{N}._~!$&'()+,;=@]+/gu : /[^\p{L}\p{N}]+/gu
  const slug = text.replace(kept, '-').replace(/^-+|-+$/g, '')
  return mode === 'pretty' ? slug : slug.toLowerCase()
}

/** Hugo's urlize, as Hugo writes a path: lower case, spaces as `-`, most punctuation left out. */
function urlize(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^\p{L}\p{M}\p{N}._~+#/-]/gu, '')
}
