import { createHash } from 'node:crypto'
import core from '@citation-js/core'
import '@citation-js/plugin-csl'
import CSL, { type Engine } from 'citeproc'
import type { CslEntry } from '../../shared/schemas/index.js'

/** The style of inline marks and the references list: APA 7, as citation-js ships it. */
const STYLE = 'apa'
const LOCALE = 'en-US'
/**
 * Part of every cache key, with the style's and the locale's text and citation-js's version: bump
 * it when what formatEntry makes of an entry changes otherwise (this code, or a citeproc upgrade
 * that formats differently), so that no data folder serves the old formatting.
 */
const FORMAT_VERSION = 1
/** Formatted entries kept per thread by content (a long-running server sees many edits). */
const MAX_BY_CONTENT = 10_000

/** What an entry looks like in prose and in the references list, as the CSL style writes it. */
export interface FormattedEntry {
  /** Parenthetical form without the parentheses: "Vaswani et al., 2017". */
  label: string
  /** Author part alone: "Vaswani et al." */
  author: string
  /** Date part alone: "2017", "n.d." */
  year: string
  /** The references-list entry as CSL HTML (escaped text, `<i>`, links to DOI/URL). */
  html: string
}

/**
 * Where formatted entries outlive the thread (the data folder, see the importer's
 * bibliography cache): looked up by `entryKey` before the engine runs, written after.
 * Both must never throw.
 */
export interface FormattedEntryStore {
  get(key: string): FormattedEntry | undefined
  set(key: string, value: FormattedEntry): void
}

/** Entries by the id the engine knows them by (ids are made unique per entry formatted, see below). */
const items = new Map<string, CslEntry>()
let nextItem = 0
/** Formatted entries by entry object (the loader hands out the same objects to every essay citing a file)… */
let byObject = new WeakMap<CslEntry, FormattedEntry>()
/** …and by content (a stored post's entries are new objects on every edit). */
const byContent = new Map<string, FormattedEntry>()
const keys = new WeakMap<CslEntry, string>()
const stores = new WeakMap<CslEntry, FormattedEntryStore>()
let engine: Engine | null = null
let fingerprint: string | null = null

/**
 * An entry formatted by citeproc-js (the CSL reference implementation). Each entry is formatted
 * alone (its marks and its references-list entry), so the result depends on the entry's fields
 * and the style only: it is cached by content, per thread and, for entries read from a data
 * folder's bibliography files, in that folder (see useFormattedEntryStore). The engine is built
 * on first need only, so essays without citations, and entries formatted before, never pay for it.
 */
export function formatEntry(entry: CslEntry): FormattedEntry {
  const hit = byObject.get(entry)
  if (hit) return hit
  const key = entryKey(entry)
  let result = byContent.get(key)
  // Most recently used last (kept again below): the oldest go first when the map is full.
  if (result) byContent.delete(key)
  else {
    const store = stores.get(entry)
    result = store?.get(key)
    if (!result) {
      try {
        result = runEngine(entry)
        store?.set(key, result)
      } catch {
        // citeproc rejects some malformed entries (a date it cannot read): show what is known.
        // Not cached by content: it shows the entry's id, which the key leaves out.
        const title = typeof entry.title === 'string' ? entry.title : entry.id
        result = { label: entry.id, author: entry.id, year: 'n.d.', html: escapeHtml(title) }
        byObject.set(entry, result)
        return result
      }
    }
  }
  keep(entry, key, result)
  return result
}

/** Keeps an entry's formatting by content (the oldest dropped past the limit) and by object. */
function keep(entry: CslEntry, key: string, result: FormattedEntry): void {
  byContent.set(key, result)
  if (byContent.size > MAX_BY_CONTENT) byContent.delete(byContent.keys().next().value as string)
  byObject.set(entry, result)
}

/**
 * The cache key of an entry's formatting: sha256 (hex) of the style, its locale, the versions of
 * the code that formats, and the entry's fields but its id (the engine never sees the author's
 * key), so a changed field is a new key and never served stale.
 */
export function entryKey(entry: CslEntry): string {
  let key = keys.get(entry)
  if (key !== undefined) return key
  const { id: _id, ...fields } = entry
  key = createHash('sha256').update(formatFingerprint()).update('\0').update(JSON.stringify(fields)).digest('hex')
  keys.set(entry, key)
  return key
}

/** Makes `store` where the formatting of these entries is looked for and kept (the importer's, per data folder). */
export function useFormattedEntryStore(entries: Iterable<CslEntry>, store: FormattedEntryStore): void {
  for (const entry of entries) stores.set(entry, store)
}

/** Forgets every formatted entry and the engine, as a new thread would start (tests). */
export function resetFormattedEntries(): void {
  byObject = new WeakMap()
  byContent.clear()
  items.clear()
  engine = null
}

/**
 * Formats, in one pass of the engine, those of `entries` that no cache holds yet: what an essay
 * cites, before its marks are made. The references-list entries of a batch are exactly those of
 * each entry formatted alone (the style has neither sorting nor disambiguation: see
 * styleForOneEntry), but the engine's registry is built once for the essay rather than once per
 * entry, which was most of the time citations took. An entry citeproc cannot read makes the
 * batch fall back to one entry at a time (formatEntry), where it fails alone.
 */
export function formatEntries(entries: readonly CslEntry[]): void {
  const pending = new Map<string, CslEntry>()
  for (const entry of entries) {
    if (byObject.has(entry)) continue
    const key = entryKey(entry)
    if (pending.has(key)) continue
    const known = byContent.get(key) ?? stores.get(entry)?.get(key)
    if (known) {
      byObject.set(entry, known)
      continue
    }
    pending.set(key, entry)
  }
  if (pending.size < 2) return
  const cite = getEngine()
  const ids = new Map<string, string>()
  for (const [key, entry] of pending) {
    const id = `e${nextItem++}`
    items.set(id, { ...entry, id })
    ids.set(id, key)
  }
  try {
    cite.setOutputFormat('text')
    const labels = new Map<string, { label: string; author: string; year: string }>()
    for (const id of ids.keys()) labels.set(id, labelParts(cite, id))
    cite.setOutputFormat('html')
    cite.updateItems([...ids.keys()])
    const bibliography = cite.makeBibliography()
    if (!bibliography) return
    const [meta, html] = bibliography
    meta.entry_ids.forEach((entryIds, k) => {
      const id = entryIds[0]
      const key = ids.get(id)
      const parts = labels.get(id)
      if (key === undefined || !parts) return
      const entry = pending.get(key)!
      const result = { ...parts, html: html[k].trim() }
      stores.get(entry)?.set(key, result)
      keep(entry, key, result)
    })
  } catch {
    // One entry citeproc cannot read spoils the batch: formatEntry takes them one at a time.
  } finally {
    for (const id of ids.keys()) items.delete(id)
  }
}

/** The parenthetical label of the registered item `id`, and its author and date parts. */
function labelParts(cite: Engine, id: string): { label: string; author: string; year: string } {
  const label = stripParentheses(cite.makeCitationCluster([{ id }]))
  const { author, year } = splitLabel(label) ?? {
    author: cite.makeCitationCluster([{ id, 'author-only': true }]).trim(),
    year: stripParentheses(cite.makeCitationCluster([{ id, 'suppress-author': true }])),
  }
  return { label, author, year }
}

/** Formats the entry alone: its citation label (and parts), then a one-entry bibliography. */
function runEngine(entry: CslEntry): FormattedEntry {
  const cite = getEngine()
  // A fresh id per entry formatted: two bibliographies may use one key for different works.
  const id = `e${nextItem++}`
  items.set(id, { ...entry, id })
  try {
    cite.setOutputFormat('text')
    const { label, author, year } = labelParts(cite, id)
    cite.setOutputFormat('html')
    cite.updateItems([id])
    const bibliography = cite.makeBibliography()
    const html = bibliography ? bibliography[1].join('').trim() : escapeHtml(entry.title ?? entry.id)
    return { label, author, year, html }
  } finally {
    // The registry holds this one entry until the next; the engine keeps what it read of it.
    items.delete(id)
  }
}

function getEngine(): Engine {
  if (engine) return engine
  const created = new CSL.Engine(
    {
      retrieveLocale: (lang) => cslData().locales.get(lang) ?? cslData().locales.get(LOCALE),
      retrieveItem: (id) => items.get(id),
    },
    styleForOneEntry(),
    LOCALE,
    true,
  )
  // DOIs and URLs in the references list become links.
  created.opt.development_extensions.wrap_url_and_doi = true
  engine = created
  return created
}

/**
 * The style without its `<sort>` elements. Every cluster and bibliography made here holds one
 * entry, so sorting never changes a thing; but citeproc compiles APA's sort keys by inlining
 * every macro they use, some 140,000 tokens: without them the engine builds in about 0.1 s
 * instead of 1.5, holds a few MB instead of about 95, and each entry skips computing its keys.
 * (tests/unit/markdown/csl-engine-cache.test.ts compares the two engines.)
 */
export function styleWithoutSort(): string {
  return styleXml().replace(/<sort>[\s\S]*?<\/sort>/g, '')
}

/**
 * The style the engine formats with: without sorting, and without disambiguation, which only
 * ever changes a mark when two entries are cited together ("Smith, 2020a"). Every entry here is
 * formatted as if alone, even in a batch (formatEntries), so that its formatting depends on its
 * own fields only and can be cached by them.
 */
export function styleForOneEntry(): string {
  return styleWithoutSort().replace(/ disambiguate-add-(?:givenname|names|year-suffix)="true"/g, '')
}

function styleXml(): string {
  const style = cslData().styles.get(STYLE)
  if (!style) throw new Error(`citation-js has no ${STYLE} style`)
  return style
}

function cslData(): ReturnType<typeof core.plugins.config.get> {
  return core.plugins.config.get('@csl')
}

/** What, besides an entry, decides its formatting: style, locale and the versions of the code. */
function formatFingerprint(): string {
  if (fingerprint !== null) return fingerprint
  const locale = cslData().locales.get(LOCALE) ?? ''
  fingerprint = createHash('sha256')
    .update(
      `scholia-csl-v${FORMAT_VERSION}\0citation-js ${(core as { version?: string }).version ?? '?'}\0${STYLE}\0${LOCALE}\0`,
    )
    .update(styleXml())
    .update('\0')
    .update(locale)
    .digest('hex')
  return fingerprint
}

/**
 * APA's parenthetical citation is the author part, a comma, the date part ("Vaswani et al.,
 * 2017"; "World Health Organization, n.d."), and its date part never holds a comma: so the text
 * after the last comma is the date, and each part need not be asked of citeproc again (two
 * calls of three: about a tenth of an import's render time, on the corpus). Null when the label
 * does not read so (no comma, or a date part that is not a year or "n.d."): the engine is asked.
 */
export function splitLabel(label: string): { author: string; year: string } | null {
  const cut = label.lastIndexOf(', ')
  if (cut <= 0) return null
  const year = label.slice(cut + 2)
  if (!DATE_PART.test(year)) return null
  return { author: label.slice(0, cut), year }
}

/** An APA date part: a year (with a disambiguating letter or a range), "n.d.", or "in press". */
const DATE_PART = /^(?:\d{3,4}(?:[a-z]|[–-]\d{2,4})?|n\.d\.(?:-[a-z])?|in press(?:-[a-z])?)$/

function stripParentheses(text: string): string {
  const t = text.trim()
  return t.startsWith('(') && t.endsWith(')') ? t.slice(1, -1).trim() : t
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}
