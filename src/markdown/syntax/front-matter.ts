import { DEF_LINE, skipDef } from './franklin.js'

/** An essay body without its page metadata, and the metadata's simple string values. */
export interface FrontMatterSplit {
  body: string
  /** `key = "value"` string settings (Franklin `@def` / TOML), for `{{key}}` template calls. */
  variables: Map<string, string>
}

const STRING_SETTING = /^(?:@def\s+)?([A-Za-z_]\w*)\s*=\s*(?:"""(.*?)"""|"((?:[^"\\]|\\.)*)")\s*$/

/**
 * Removes page metadata from the top of an essay: a YAML `---` block (first line only, as
 * remark-frontmatter would), TOML `+++` blocks, Franklin `@def` lines and HTML comments, in
 * any order. The importer normally strips these; a body that still has them must not show
 * them as text.
 */
export function stripFrontMatter(text: string): FrontMatterSplit {
  const variables = new Map<string, string>()
  if (!/^(?:---|\+\+\+|@def\s|<!--|\s*\n)/.test(text)) return { body: text, variables }
  const lines = text.split('\n')
  let i = 0
  let removed = false
  for (;;) {
    while (i < lines.length && lines[i].trim() === '') i++
    if (i >= lines.length) break
    const line = lines[i].trimEnd()
    let end: number
    if (line === '---' && i === 0) {
      end = findLine(lines, i + 1, (l) => l === '---' || l === '...')
    } else if (line === '+++') {
      end = findLine(lines, i + 1, (l) => l === '+++')
      if (end > 0) readSettings(lines.slice(i + 1, end), variables)
    } else if (DEF_LINE.test(line)) {
      end = skipDef(lines, i) - 1
      readSettings(lines.slice(i, end + 1), variables)
    } else if (line.startsWith('<!--')) {
      end = findLine(lines, i, (l) => l.includes('-->'))
      // `<!-- label --> ::: {.columns}`: what follows the comment on its line is the essay's.
      const rest = end < 0 ? '' : lines[end].slice(lines[end].indexOf('-->', end === i ? 2 : 0) + 3)
      if (rest.trim() !== '') {
        lines[end] = rest.trimStart()
        i = end
        removed = true
        break
      }
    } else {
      break
    }
    if (end < 0) break
    i = end + 1
    removed = true
  }
  return { body: removed ? lines.slice(i).join('\n') : text, variables }
}

function findLine(lines: string[], from: number, test: (line: string) => boolean): number {
  for (let j = from; j < lines.length; j++) {
    if (test(lines[j].trimEnd())) return j
  }
  return -1
}

function readSettings(lines: string[], into: Map<string, string>): void {
  for (const line of lines) {
    const m = STRING_SETTING.exec(line.trim())
    if (m) into.set(m[1], m[2] ?? m[3].replace(/\\(.)/g, '$1'))
  }
}
