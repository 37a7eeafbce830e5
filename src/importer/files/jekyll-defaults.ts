import { z } from 'zod'
import { PermalinkPattern } from './permalink-pattern.js'

/**
 * What a Jekyll site's `_config.yml` says of its documents' addresses beyond `permalink:`: its
 * front matter `defaults:` (each a scope and values, in the order written) and its collections
 * (their folders, permalinks and whether they are published).
 */
export interface JekyllDocuments {
  defaults: JekyllDefault[]
  /** By label (`posts`, `notes`): the collection's own `permalink`, and `output: true`. */
  collections: Record<string, { permalink?: string; output: boolean }>
  /** `collections_dir`: the folder the collections' folders (`_posts` too) are in; '' for the root. */
  collectionsDir: string
}

export interface JekyllDefault {
  /** A path from the site's root (a prefix, or a glob with `*`); '' for every file. */
  path: string
  /** A document type: `posts`, `pages`, `drafts` or a collection's label; absent for any. */
  type?: string
  values: Record<string, unknown>
}

const Scope = z.looseObject({ path: z.unknown().optional(), type: z.unknown().optional() })
const DefaultSet = z.looseObject({ scope: Scope.optional(), values: z.record(z.string(), z.unknown()) })
const Collection = z.looseObject({ output: z.unknown().optional(), permalink: z.unknown().optional() })
const Config = z.looseObject({
  defaults: z.unknown().optional(),
  collections: z.unknown().optional(),
  collections_dir: z.unknown().optional(),
})
/** The front matter a Jekyll document's address is made from (post-address.ts). */
const ADDRESS_KEYS = new Set(['permalink', 'slug', 'categories', 'category', 'date'])
/** Jekyll 3's singular types, which it still reads as the plural. */
const OLD_TYPES: Record<string, string> = { post: 'posts', page: 'pages', draft: 'drafts' }

/**
 * The `defaults:` and `collections:` of a Jekyll configuration, as Jekyll reads them: a set
 * without `values` is skipped (Jekyll warns), collections may be a list of labels, and `posts`
 * is always a published collection. Null when it sets neither. A value that cannot be used is
 * a warning.
 */
export function readJekyllDocuments(config: unknown, warn: (message: string) => void): JekyllDocuments | null {
  const c = Config.safeParse(config)
  if (!c.success || (c.data.defaults == null && c.data.collections == null)) return null
  const defaults: JekyllDefault[] = []
  if (Array.isArray(c.data.defaults))
    for (const set of c.data.defaults) {
      const read = DefaultSet.safeParse(set)
      if (!read.success) {
        warn(
          `A front matter default in _config.yml (${JSON.stringify(set)?.slice(0, 120)}) has no values: it is left out`,
        )
        continue
      }
      const { path, type } = read.data.scope ?? {}
      // Only what makes an address: a layout set by default must not tie every post to the configuration.
      if (!Object.keys(read.data.values).some((key) => ADDRESS_KEYS.has(key))) continue
      defaults.push({
        path: typeof path === 'string' ? path : '',
        ...(typeof type === 'string' ? { type: OLD_TYPES[type] ?? type } : {}),
        values: read.data.values,
      })
    }
  const listed = c.data.collections
  const entries: Array<[string, unknown]> = Array.isArray(listed)
    ? listed.filter((l): l is string => typeof l === 'string').map((l) => [l, {}])
    : listed && typeof listed === 'object'
      ? Object.entries(listed)
      : []
  const collections: JekyllDocuments['collections'] = {}
  for (const [label, value] of entries) {
    const read = Collection.safeParse(value ?? {})
    if (!read.success) continue
    const permalink = read.data.permalink == null ? undefined : PermalinkPattern.safeParse(read.data.permalink)
    if (permalink && !permalink.success)
      warn(`The permalink of the collection "${label}" in _config.yml is not a pattern: it is left out`)
    collections[label] = {
      output: read.data.output === true || label === 'posts',
      ...(permalink?.success ? { permalink: permalink.data } : {}),
    }
  }
  if (defaults.length === 0 && entries.length === 0) return null
  const dir = typeof c.data.collections_dir === 'string' ? c.data.collections_dir.replace(/^\/+|\/+$/g, '') : ''
  return { defaults, collections, collectionsDir: dir }
}

/**
 * The default front matter Jekyll gives a document at `source` (its path from the site's root,
 * the collections' folder left out) of `type`: every matching set's values, the most specific
 * scope winning where two set the same key (a longer path; at the same length, one with a type),
 * as Jekyll's `FrontmatterDefaults#all` merges them.
 */
export function jekyllDefaults(defaults: readonly JekyllDefault[], source: string, type: string, collectionsDir = '') {
  let merged: Record<string, unknown> = {}
  let winner: JekyllDefault | null = null
  for (const set of defaults) {
    if (set.type !== undefined && set.type !== type) continue
    const scope = withoutFolder(sanitize(set.path), collectionsDir)
    if (scope !== '' && !(scope.includes('*') ? globPrefix(scope).test(source) : source.startsWith(scope))) continue
    if (precedes(winner, set)) {
      merged = { ...merged, ...set.values }
      winner = set
    } else merged = { ...set.values, ...merged }
  }
  return merged
}

/** Jekyll's `has_precedence?`: a longer path wins; at the same length, a set with a type, or the later one. */
function precedes(old: JekyllDefault | null, set: JekyllDefault): boolean {
  if (!old) return true
  const [now, before] = [sanitize(set.path), sanitize(old.path)]
  if (now.length !== before.length) return now.length > before.length
  return set.type !== undefined || old.type === undefined
}

function sanitize(path: string): string {
  return path.replace(/^\/+/, '')
}

function withoutFolder(path: string, folder: string): string {
  return folder !== '' && path.startsWith(`${folder}/`) ? path.slice(folder.length + 1) : path
}

/** A scope's glob (`_posts/2019-*`) as a test of what a path starts with: `*` within a folder, `**` across. */
function globPrefix(glob: string): RegExp {
  const source = glob
    .split(/(\*\*|\*)/)
    .map((part) => (part === '**' ? '.*' : part === '*' ? '[^/]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('')
  return new RegExp(`^${source}`)
}
