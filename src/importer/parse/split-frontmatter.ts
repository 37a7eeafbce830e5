import { setKey } from './frontmatter-data.js'
import { isFranklinDefLine, readFranklinDef } from './franklin-def.js'
import { readTomlFrontmatter } from './toml-frontmatter.js'
import { readYamlFrontmatter } from './yaml-frontmatter.js'

/** The metadata at the top of an essay, separated from the markdown below it. */
export interface SplitEssay {
  frontmatter: Record<string, unknown>
  /** The markdown after the metadata (the whole text when there was none). */
  body: string
  /** File line number on which `body` starts, so later warnings can point into the file. */
  bodyLine: number
  warnings: string[]
}

/**
 * Separates frontmatter from the body. Understands, at the top of the file:
 * a YAML `---` block (first non-blank line only), then any mix of Franklin `@def` lines and
 * `+++` TOML blocks separated by blank lines (julialang.org writes both in one file). The
 * header ends at the first line that is none of these. Later keys override earlier ones.
 * Expects LF line endings.
 */
export function splitFrontmatter(text: string): SplitEssay {
  const frontmatter: Record<string, unknown> = {}
  const warnings: string[] = []
  const merge = (data: Record<string, unknown>): void => {
    for (const [key, value] of Object.entries(data)) setKey(frontmatter, key, value)
  }
  const cursor = new LineCursor(text)
  let found = false
  let defs = 0

  cursor.skipBlankLines()
  if (cursor.line().trimEnd() === '---') {
    const yaml = readDelimitedBlock(cursor, ['---', '...'])
    const tooLarge = yaml && looksLikeYaml(yaml.content) ? headerTooLarge(yaml.content, 'YAML', yaml.firstLine) : null
    if (yaml && tooLarge) {
      warnings.push(tooLarge)
      cursor.moveTo(yaml.end)
      found = true
    } else if (yaml && looksLikeYaml(yaml.content)) {
      const read = readYamlFrontmatter(yaml.content, yaml.firstLine)
      merge(read.data)
      warnings.push(...read.warnings)
      cursor.moveTo(yaml.end)
      found = true
    } else if (!yaml && looksLikeYaml(text.slice(cursor.nextLineStart(), cursor.nextLineStart() + 2000))) {
      warnings.push(`frontmatter: the '---' on line ${cursor.lineNo} is never closed; read as part of the text`)
    }
  }

  for (;;) {
    const mark = cursor.save()
    cursor.skipBlankLines()
    if (cursor.atEnd()) break
    if (isFranklinDefLine(text, cursor.pos)) {
      const def = readFranklinDef(text, cursor.pos, cursor.lineNo)
      if (def.warning) warnings.push(def.warning)
      if (def.key !== null && def.value !== undefined) {
        if (++defs <= MAX_HEADER_KEYS) setKey(frontmatter, def.key, def.value)
        else if (defs === MAX_HEADER_KEYS + 1)
          warnings.push(
            `frontmatter: more than ${MAX_HEADER_KEYS} @def lines; those after the ${MAX_HEADER_KEYS}th (from line ${cursor.lineNo}) are ignored`,
          )
      }
      cursor.moveTo(Math.min(def.end + 1, text.length))
      found = true
      continue
    }
    if (cursor.line().startsWith('<!--')) {
      // Franklin posts sometimes open with an editor's note in a comment, then the +++ block.
      const close = text.indexOf('-->', cursor.pos + 4)
      if (close >= 0) {
        const atComment = cursor.save()
        cursor.moveTo(close + 3)
        if (cursor.line().trim() === '' && startsHeaderItem(cursor)) continue
        cursor.restore(atComment)
      }
    }
    if (cursor.line().trimEnd() === '+++') {
      const toml = readDelimitedBlock(cursor, ['+++'])
      const tooLarge = toml ? headerTooLarge(toml.content, 'TOML', toml.firstLine) : null
      if (toml && tooLarge) {
        warnings.push(tooLarge)
        cursor.moveTo(toml.end)
        found = true
        continue
      }
      if (toml) {
        const read = readTomlFrontmatter(toml.content, toml.firstLine)
        merge(read.data)
        warnings.push(...read.warnings)
        cursor.moveTo(toml.end)
        found = true
        continue
      }
    }
    cursor.restore(mark)
    break
  }

  if (!found) return { frontmatter, body: text, bodyLine: 1, warnings }
  cursor.skipBlankLines()
  return { frontmatter, body: text.slice(cursor.pos), bodyLine: cursor.lineNo, warnings }
}

/**
 * Most characters and top-level keys a metadata block may have. Real headers have a few dozen
 * keys in a few kB; the YAML and TOML readers slow down badly on huge ones (100,000 keys froze
 * the server for over a minute, issue 21). A block past either is skipped with a warning rather
 * than failing the essay: a header holds metadata only, every field has a default (title from
 * the first heading or the file name, date from the file), and an essay that imports with a
 * warning is easier to fix than one that does not import.
 */
export const MAX_HEADER_CHARS = 64 * 1024
export const MAX_HEADER_KEYS = 1000

/** Why a YAML or TOML block is too large to read, as a warning; null when it is not. Linear. */
function headerTooLarge(block: string, kind: string, firstLine: number): string | null {
  const where = `the ${kind} block at line ${firstLine - 1}`
  if (block.length > MAX_HEADER_CHARS) {
    return `frontmatter: ${where} has ${Math.round(block.length / 1024)} kB, more than the ${MAX_HEADER_CHARS / 1024} kB a header may have; ignored, the essay's defaults are used`
  }
  // Top-level keys start at the line's first column (YAML `key:`, TOML `key =` or `[table]`).
  let keys = 0
  for (let at = 0; at < block.length; at = nextLine(block, at)) {
    const c = block[at]
    if (c !== undefined && c !== ' ' && c !== '\t' && c !== '\n' && c !== '#' && c !== '-') keys++
  }
  if (keys > MAX_HEADER_KEYS) {
    return `frontmatter: ${where} has ${keys} keys, more than the ${MAX_HEADER_KEYS} a header may have; ignored, the essay's defaults are used`
  }
  return null
}

function nextLine(text: string, at: number): number {
  const end = text.indexOf('\n', at)
  return end < 0 ? text.length : end + 1
}

/** True when, after blank lines, the cursor is at a `@def` line or a `+++` line (cursor moves). */
function startsHeaderItem(cursor: LineCursor): boolean {
  cursor.moveTo(cursor.nextLineStart())
  cursor.skipBlankLines()
  return isFranklinDefLine(cursor.text, cursor.pos) || cursor.line().trimEnd() === '+++'
}

/**
 * A `---` at the top is also a thematic break; only treat the block as YAML when its first
 * meaningful line is a `key:` or a comment (or the block is empty).
 */
function looksLikeYaml(block: string): boolean {
  for (const line of block.split('\n', 50)) {
    const trimmed = line.trim()
    if (!trimmed) continue
    if (trimmed.startsWith('#')) return true
    return /^["']?[\p{L}\p{N}_$@][^:\n]{0,200}["']?:(?:\s|$)/u.test(trimmed)
  }
  return true
}

interface Block {
  content: string
  /** File line number of the first content line. */
  firstLine: number
  /** Index of the line after the closing delimiter. */
  end: number
}

/** The lines between the delimiter line at the cursor and the next closing delimiter line. */
function readDelimitedBlock(cursor: LineCursor, closers: string[]): Block | null {
  const text = cursor.text
  const contentStart = cursor.nextLineStart()
  let pos = contentStart
  while (pos < text.length) {
    const lineEndAt = text.indexOf('\n', pos)
    const lineEnd = lineEndAt < 0 ? text.length : lineEndAt
    if (closers.includes(text.slice(pos, lineEnd).trimEnd())) {
      const content = text.slice(contentStart, Math.max(contentStart, pos - 1))
      return { content, firstLine: cursor.lineNo + 1, end: Math.min(lineEnd + 1, text.length) }
    }
    pos = lineEnd + 1
  }
  return null
}

/** Walks a text line by line, keeping the 1-based line number in step with the position. */
class LineCursor {
  pos = 0
  lineNo = 1

  constructor(readonly text: string) {}

  atEnd(): boolean {
    return this.pos >= this.text.length
  }

  line(): string {
    const end = this.text.indexOf('\n', this.pos)
    return this.text.slice(this.pos, end < 0 ? this.text.length : end)
  }

  nextLineStart(): number {
    const end = this.text.indexOf('\n', this.pos)
    return end < 0 ? this.text.length : end + 1
  }

  skipBlankLines(): void {
    while (!this.atEnd()) {
      const line = this.line()
      if (line.trim()) return
      this.moveTo(this.pos + line.length + 1)
    }
  }

  moveTo(pos: number): void {
    const target = Math.min(pos, this.text.length)
    for (let i = this.pos; i < target; i++) if (this.text.charCodeAt(i) === 10) this.lineNo++
    this.pos = target
  }

  save(): { pos: number; lineNo: number } {
    return { pos: this.pos, lineNo: this.lineNo }
  }

  restore(mark: { pos: number; lineNo: number }): void {
    this.pos = mark.pos
    this.lineNo = mark.lineNo
  }
}
