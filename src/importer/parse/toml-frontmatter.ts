import { parse as parseToml } from 'smol-toml'
import { isRecord, setKey, toPlainData } from './frontmatter-data.js'
import type { FrontmatterData } from './frontmatter-data.js'
import { parseJuliaValue } from './julia-value.js'
import { findValueEnd } from './value-extent.js'

/**
 * Reads a `+++` TOML block. Franklin sites write Julia into these blocks (`Date(2021, 4, 04)`,
 * arrays of tuples) that strict TOML rejects, so when the whole block fails it is read entry by
 * entry: each entry as TOML, else as a Julia literal, else skipped with a warning.
 * `firstLine` is the file line of the block's first line, for warnings.
 */
export function readTomlFrontmatter(block: string, firstLine: number): FrontmatterData {
  if (!block.trim()) return { data: {}, warnings: [] }
  try {
    const data = toPlainData(parseToml(block))
    if (isRecord(data)) return { data, warnings: [] }
  } catch {
    // Fall through to the entry-by-entry reading below.
  }
  return readEntryByEntry(block, firstLine)
}

function readEntryByEntry(block: string, firstLine: number): FrontmatterData {
  const data: Record<string, unknown> = {}
  const warnings: string[] = []
  let table = data
  let pos = 0
  let lineNo = firstLine
  let counted = 0
  while (pos < block.length) {
    lineNo += countNewlines(block, counted, pos)
    counted = pos
    const lineEnd = indexOrEnd(block, '\n', pos)
    const line = block.slice(pos, lineEnd)
    const trimmed = line.trim()
    if (!trimmed || trimmed.startsWith('#')) {
      pos = lineEnd + 1
      continue
    }
    if (trimmed.startsWith('[')) {
      const target = openTable(data, trimmed)
      if (target) table = target
      else warnings.push(`frontmatter: could not read table header on line ${lineNo}, skipped`)
      pos = lineEnd + 1
      continue
    }
    const assignment = /^\s*([A-Za-z0-9_-]+|"[^"\n]*"|'[^'\n]*')(\s*\.\s*(?:[A-Za-z0-9_-]+|"[^"\n]*"))*\s*=/.exec(line)
    if (!assignment) {
      warnings.push(`frontmatter: could not read line ${lineNo}, skipped`)
      pos = lineEnd + 1
      continue
    }
    const valueStart = pos + assignment[0].length
    const valueEnd = findValueEnd(block, valueStart)
    // An unclosed string or bracket would swallow every later entry; give up on this line only.
    const end = valueEnd < 0 ? lineEnd : valueEnd
    const key = keyName(assignment[1])
    const value = readValue(block.slice(pos, end), block.slice(valueStart, end))
    if (value === undefined) {
      warnings.push(`frontmatter: could not parse value of '${key}' (line ${lineNo}), skipped`)
    } else if (isRecord(value.merge)) {
      mergeInto(table, value.merge)
    } else {
      setKey(table, key, value.single)
    }
    pos = end + 1
  }
  return { data, warnings }
}

type ReadValue = { merge: Record<string, unknown>; single?: undefined } | { merge?: undefined; single: unknown }

function readValue(entry: string, valueText: string): ReadValue | undefined {
  try {
    const parsed = toPlainData(parseToml(entry))
    if (isRecord(parsed)) return { merge: parsed }
  } catch {
    // Not TOML; maybe a Julia literal.
  }
  const julia = parseJuliaValue(valueText)
  return julia === undefined ? undefined : { single: julia }
}

/** `[a.b]` and `[[a]]` headers: later keys go into that table (a new element for `[[…]]`). */
function openTable(root: Record<string, unknown>, header: string): Record<string, unknown> | null {
  const isArray = header.startsWith('[[')
  const open = isArray ? 2 : 1
  const close = header.indexOf(isArray ? ']]' : ']', open)
  if (close < 0) return null
  const rest = header.slice(close + open).trim()
  if (rest && !rest.startsWith('#')) return null
  const names = header
    .slice(open, close)
    .split('.')
    .map((n) => keyName(n))
  if (names.some((n) => !n || /[[\]]/.test(n))) return null
  let node = root
  names.forEach((name, index) => {
    const last = index === names.length - 1
    const existing = node[name]
    if (last && isArray) {
      const list = Array.isArray(existing) ? existing : []
      const item: Record<string, unknown> = {}
      list.push(item)
      setKey(node, name, list)
      node = item
      return
    }
    if (isRecord(existing)) {
      node = existing
      return
    }
    const child: Record<string, unknown> = {}
    setKey(node, name, child)
    node = child
  })
  return node
}

function mergeInto(target: Record<string, unknown>, source: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key]
    if (isRecord(existing) && isRecord(value)) mergeInto(existing, value)
    else setKey(target, key, value)
  }
}

function keyName(raw: string): string {
  const quoted = /^(["'])(.*)\1$/.exec(raw.trim())
  return quoted ? quoted[2] : raw.trim()
}

function indexOrEnd(text: string, search: string, from: number): number {
  const at = text.indexOf(search, from)
  return at < 0 ? text.length : at
}

function countNewlines(text: string, from: number, to: number): number {
  let count = 0
  for (let i = from; i < to; i++) if (text.charCodeAt(i) === 10) count++
  return count
}
