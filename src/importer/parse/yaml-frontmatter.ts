import { parseDocument } from 'yaml'
import type { YAMLError } from 'yaml'
import { isRecord, setKey, toPlainData } from './frontmatter-data.js'
import type { FrontmatterData } from './frontmatter-data.js'

// Bounds the "billion laughs" alias expansion a hostile file could ask for.
const MAX_ALIAS_COUNT = 100
// Reading entry by entry parses each entry on its own; real frontmatter has a few dozen.
const MAX_SALVAGED_ENTRIES = 500

/**
 * Reads a YAML frontmatter block. Invalid YAML never fails the essay: the block is read again
 * entry by entry, each top-level `key:` with its indented lines on its own, so one broken value
 * costs that value only. `firstLine` is the file line of the block's first line, for warnings.
 */
export function readYamlFrontmatter(block: string, firstLine: number): FrontmatterData {
  if (!block.trim()) return { data: {}, warnings: [] }
  const whole = readDocument(block)
  if (whole.ok) {
    if (isRecord(whole.value)) {
      const warnings = whole.duplicates.map(
        (d) => `frontmatter: '${d.key}' is set more than once (line ${d.line + firstLine - 1}); the last value is used`,
      )
      return { data: whole.value, warnings }
    }
    if (whole.value === null || whole.value === undefined) return { data: {}, warnings: [] }
    return { data: {}, warnings: ['frontmatter: expected `key: value` lines, found a single value or a list; ignored'] }
  }

  const where = whole.line ? ` (line ${whole.line + firstLine - 1})` : ''
  const warnings = [`frontmatter: the YAML is not valid: ${whole.reason}${where}; read entry by entry`]
  const data: Record<string, unknown> = {}
  const entries = splitEntries(block, firstLine, warnings)
  if (entries.length > MAX_SALVAGED_ENTRIES) {
    warnings.push(`frontmatter: only the first ${MAX_SALVAGED_ENTRIES} of ${entries.length} entries were read`)
  }
  for (const entry of entries.slice(0, MAX_SALVAGED_ENTRIES)) {
    const value = readEntry(entry)
    if (value.ok) {
      for (const [key, item] of Object.entries(value.data)) setKey(data, key, item)
    } else if (value.plain !== undefined) {
      setKey(data, entry.key, value.plain)
      warnings.push(`frontmatter: value of '${entry.key}' (line ${entry.line}) is not valid YAML; read as plain text`)
    } else {
      warnings.push(`frontmatter: could not parse value of '${entry.key}' (line ${entry.line}), skipped`)
    }
  }
  return { data, warnings }
}

type DocumentResult =
  | { ok: true; value: unknown; duplicates: { key: string; line: number }[] }
  | { ok: false; reason: string; line: number | null }

function readDocument(text: string): DocumentResult {
  try {
    const doc = parseDocument(text, { prettyErrors: false })
    // A repeated key is a mistake with an obvious reading (the last one wins), not a reason
    // to give up on the block.
    const duplicates = doc.errors.filter((e) => e.code === 'DUPLICATE_KEY')
    const fatal = doc.errors.find((e) => e.code !== 'DUPLICATE_KEY')
    if (fatal) return { ok: false, reason: describeError(fatal), line: lineOf(text, fatal.pos[0]) }
    const value = toPlainData(doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }))
    return {
      ok: true,
      value,
      duplicates: duplicates.map((e) => ({ key: duplicateKeyName(text, e), line: lineOf(text, e.pos[0]) })),
    }
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? firstLineOf(error.message) : 'unreadable', line: null }
  }
}

function describeError(error: YAMLError): string {
  const message = firstLineOf(error.message).replace(/ at line \d+, column \d+:?$/, '')
  return message.charAt(0).toLowerCase() + message.slice(1)
}

/** 1-based line of a character offset. */
function lineOf(text: string, offset: number): number {
  let line = 1
  const end = Math.min(offset, text.length)
  for (let i = 0; i < end; i++) if (text.charCodeAt(i) === 10) line++
  return line
}

function firstLineOf(text: string): string {
  return text.split('\n', 1)[0].trim()
}

function duplicateKeyName(text: string, error: YAMLError): string {
  const start = error.pos[0]
  const lineEnd = text.indexOf('\n', start)
  return (
    text
      .slice(start, lineEnd < 0 ? text.length : lineEnd)
      .split(':', 1)[0]
      .trim() || '?'
  )
}

interface Entry {
  key: string
  /** File line number of the `key:` line. */
  line: number
  text: string
  singleLine: boolean
  rawValue: string
}

/** Groups lines into top-level entries: a `key:` line plus the indented or `- ` lines below it. */
function splitEntries(block: string, firstLine: number, warnings: string[]): Entry[] {
  const entries: Entry[] = []
  const lines = block.split('\n')
  let current: { entry: Entry; lines: string[] } | null = null
  const finish = (): void => {
    if (!current) return
    const text = current.lines.join('\n')
    current.entry.text = text
    current.entry.singleLine = current.lines.filter((l) => l.trim() && !l.trim().startsWith('#')).length === 1
    entries.push(current.entry)
    current = null
  }
  lines.forEach((line, index) => {
    const lineNo = index + firstLine
    const trimmed = line.trim()
    const continues = /^\s/.test(line) || trimmed === '' || trimmed.startsWith('#') || /^-(\s|$)/.test(line)
    if (continues) {
      if (current) current.lines.push(line)
      else if (trimmed && !trimmed.startsWith('#')) warnings.push(`frontmatter: could not read line ${lineNo}, skipped`)
      return
    }
    finish()
    const colon = keyColon(line)
    if (colon < 0) {
      warnings.push(`frontmatter: could not read line ${lineNo}, skipped`)
      return
    }
    const key = unquote(line.slice(0, colon).trim())
    const rawValue = line.slice(colon + 1).trim()
    current = { entry: { key, line: lineNo, text: '', singleLine: true, rawValue }, lines: [line] }
  })
  finish()
  return entries
}

/** Index of the colon that ends a mapping key (followed by a space or the line end), or -1. */
function keyColon(line: string): number {
  let from = 0
  for (;;) {
    const colon = line.indexOf(':', from)
    if (colon <= 0) return -1
    const next = line[colon + 1]
    if (next === undefined || next === ' ' || next === '\t') return colon
    from = colon + 1
  }
}

type EntryResult = { ok: true; data: Record<string, unknown> } | { ok: false; plain?: string }

function readEntry(entry: Entry): EntryResult {
  const result = readDocument(entry.text)
  if (result.ok && isRecord(result.value)) return { ok: true, data: result.value }
  // A one-line value such as `title: Part 2: The Return` is what the author meant as text;
  // a broken quoted string or bracket is not, so those are skipped rather than guessed at.
  if (entry.singleLine && entry.rawValue && !/^["'[{|>&*!]/.test(entry.rawValue)) {
    return { ok: false, plain: stripTrailingComment(entry.rawValue) }
  }
  return { ok: false }
}

function stripTrailingComment(value: string): string {
  const hash = value.search(/\s#/)
  return (hash >= 0 ? value.slice(0, hash) : value).trim()
}

function unquote(key: string): string {
  const quoted = /^(["'])(.*)\1$/.exec(key)
  return quoted ? quoted[2] : key
}
