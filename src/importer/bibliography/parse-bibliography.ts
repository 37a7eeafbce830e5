import core from '@citation-js/core'
import '@citation-js/plugin-bibtex'
import { z } from 'zod'
import { CslEntrySchema, type CslEntry } from '../../shared/schemas/index.js'

/** What one bibliography file yields: its entries, and what was wrong with it, if anything. */
export interface ParsedBibliography {
  entries: CslEntry[]
  /** Why some or all of the file could not be read (for the import report); absent when all was read. */
  problem?: string
}

const CslListSchema = z.array(z.unknown())
/** Where a BibTeX entry starts: `@type{` or `@type(` at the start of a line (comments and strings too). */
const ENTRY_START = /^[ \t]*@[A-Za-z]+[ \t]*[{(]/gm

/**
 * Reads a `.bib` (BibTeX/BibLaTeX) or `.json` (CSL-JSON) file's text into CSL-JSON entries with
 * citation-js, the field's own parser. Never throws: a syntax error in one entry costs that entry
 * only (citation-js rejects a whole file for one unclosed brace, so the file is then read entry
 * by entry), and the problem is reported.
 */
export function parseBibliography(path: string, text: string): ParsedBibliography {
  if (/\.json$/i.test(path)) return parseCslJson(text)
  try {
    return { entries: validEntries(parseBibtex(text)) }
  } catch {
    return parseEntryByEntry(text)
  }
}

function parseBibtex(text: string): unknown[] {
  try {
    // The type is forced: citation-js would otherwise fetch a string that looks like a URL.
    const data: unknown = core.plugins.input.chain(text, { forceType: '@biblatex/text', generateGraph: false })
    return Array.isArray(data) ? data : []
  } finally {
    // citation-js keeps every log line in memory, level notwithstanding; a bulk import would grow it without end.
    core.logger._log.length = 0
  }
}

function parseEntryByEntry(text: string): ParsedBibliography {
  const starts = [...text.matchAll(ENTRY_START)].map((m) => m.index)
  const entries: CslEntry[] = []
  let failed = 0
  starts.forEach((start, i) => {
    const chunk = text.slice(start, starts[i + 1] ?? text.length)
    try {
      entries.push(...validEntries(parseBibtex(chunk)))
    } catch {
      if (!/^\s*@(?:comment|preamble|string)\b/i.test(chunk)) failed++
    }
  })
  const problem = `${failed} ${failed === 1 ? 'entry' : 'entries'} could not be read (BibTeX syntax error)`
  return failed > 0 || entries.length === 0
    ? { entries, problem: entries.length === 0 ? 'no entry could be read (BibTeX syntax error)' : problem }
    : { entries }
}

function parseCslJson(text: string): ParsedBibliography {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return { entries: [], problem: 'not valid JSON' }
  }
  const list = CslListSchema.safeParse(Array.isArray(json) ? json : [json])
  if (!list.success) return { entries: [], problem: 'not a CSL-JSON list of entries' }
  const entries = validEntries(list.data)
  const dropped = list.data.length - entries.length
  return dropped > 0
    ? { entries, problem: `${dropped} ${dropped === 1 ? 'entry has' : 'entries have'} no id or type` }
    : { entries }
}

/** Entries with an id and a type, as citeproc needs them; the rest is dropped. */
function validEntries(data: unknown[]): CslEntry[] {
  const out: CslEntry[] = []
  for (const item of data) {
    const entry = CslEntrySchema.safeParse(item)
    if (entry.success && entry.data.id.trim() !== '') out.push(entry.data)
  }
  return out
}
