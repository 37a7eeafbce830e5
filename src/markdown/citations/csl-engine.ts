import core from '@citation-js/core'
import '@citation-js/plugin-csl'
import CSL, { type Engine } from 'citeproc'
import type { CslEntry } from '../../shared/schemas/index.js'

/** The style of inline marks and the references list: APA 7, as citation-js ships it. */
const STYLE = 'apa'
const LOCALE = 'en-US'

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

/** Entries by the id the engine knows them by (ids are made unique per entry object, see below). */
const items = new Map<string, CslEntry>()
const engineIds = new WeakMap<CslEntry, string>()
const formatted = new WeakMap<CslEntry, FormattedEntry>()
let engine: Engine | null = null

/**
 * An entry formatted by citeproc-js (the CSL reference implementation), once per entry object
 * per thread: the bibliography loader hands out the same objects for every essay citing from
 * the same file. The engine is built on first use only (APA takes about 1.5 s to compile), so
 * essays without citations never pay for it.
 */
export function formatEntry(entry: CslEntry): FormattedEntry {
  const hit = formatted.get(entry)
  if (hit) return hit
  let result: FormattedEntry
  try {
    result = runEngine(entry)
  } catch {
    // citeproc rejects some malformed entries (a date it cannot read): show what is known.
    const title = typeof entry.title === 'string' ? entry.title : entry.id
    result = { label: entry.id, author: entry.id, year: 'n.d.', html: escapeHtml(title) }
  }
  formatted.set(entry, result)
  return result
}

function runEngine(entry: CslEntry): FormattedEntry {
  const cite = getEngine()
  // Two bibliographies may use one key for different works: the engine sees a unique id per entry object.
  let id = engineIds.get(entry)
  if (id === undefined) {
    id = `e${items.size}`
    engineIds.set(entry, id)
    items.set(id, { ...entry, id })
  }
  cite.setOutputFormat('text')
  const label = stripParentheses(cite.makeCitationCluster([{ id }]))
  const author = cite.makeCitationCluster([{ id, 'author-only': true }]).trim()
  const year = stripParentheses(cite.makeCitationCluster([{ id, 'suppress-author': true }]))
  cite.setOutputFormat('html')
  cite.updateItems([id])
  const bibliography = cite.makeBibliography()
  const html = bibliography ? bibliography[1].join('').trim() : escapeHtml(entry.title ?? entry.id)
  return { label, author, year, html }
}

function getEngine(): Engine {
  if (engine) return engine
  const csl = core.plugins.config.get('@csl')
  const style = csl.styles.get(STYLE)
  if (!style) throw new Error(`citation-js has no ${STYLE} style`)
  const created = new CSL.Engine(
    {
      retrieveLocale: (lang) => csl.locales.get(lang) ?? csl.locales.get(LOCALE),
      retrieveItem: (id) => items.get(id),
    },
    style,
    LOCALE,
    true,
  )
  // DOIs and URLs in the references list become links.
  created.opt.development_extensions.wrap_url_and_doi = true
  engine = created
  return created
}

function stripParentheses(text: string): string {
  const t = text.trim()
  return t.startsWith('(') && t.endsWith(')') ? t.slice(1, -1).trim() : t
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}
