/**
 * Turning strings into LaTeX that means the same string: prose, code shown in a typewriter
 * font, link targets and label keys. Everything the converter writes outside formulas and
 * verbatim blocks goes through here, so no special character reaches TeX unescaped.
 */

import { LATEX_SPECIALS } from '../shared/latex-specials.js'

const TEXT: Record<string, string> = {
  ...LATEX_SPECIALS,
  '<': '\\textless{}',
  '>': '\\textgreater{}',
  '|': '\\textbar{}',
  '"': '\\textquotedbl{}',
  '`': '\\textasciigrave{}',
}

/** Typographic characters in prose, as TeX spells them (in code they stay the characters they are). */
const TYPOGRAPHIC: Record<string, string> = {
  '\u201C': '``',
  '\u201D': "''",
  '\u2018': '`',
  '\u2019': "'",
  '\u2013': '--',
  '\u2014': '---',
  '\u2026': '\\ldots{}',
  '\u00A0': '~',
}

/** Control characters other than tab and newline are invalid input to TeX. */
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F]/g // eslint-disable-line no-control-regex

export function stripControl(text: string): string {
  return text.replace(CONTROL, '')
}

/**
 * Prose as LaTeX text: special characters escaped, typographic quotes and dashes as TeX spells
 * them, and straight double quotes curled where it is clear which side they are on.
 */
export function escapeText(text: string): string {
  const chars = [...stripControl(text)]
  let out = ''
  chars.forEach((ch, i) => {
    out += ch === '"' ? doubleQuote(chars[i - 1], chars[i + 1]) : (TEXT[ch] ?? TYPOGRAPHIC[ch] ?? ch)
  })
  return out
}

function doubleQuote(before: string | undefined, after: string | undefined): string {
  const opensAfter = before === undefined || /[\s([{\u2013\u2014-]/u.test(before)
  if (opensAfter && after !== undefined && !/\s/u.test(after)) return '``'
  if (before !== undefined && !/\s/u.test(before)) return "''"
  return TEXT['"']
}

/** Code as LaTeX text: special characters escaped, straight quotes kept straight. */
export function escapeCode(text: string): string {
  let out = ''
  for (const ch of stripControl(text)) out += ch === "'" ? '\\textquotesingle{}' : (TEXT[ch] ?? ch)
  return out
}

/**
 * Code inside a paragraph: `\texttt{…}`. Runs of spaces are kept (TeX would collapse them) and
 * straight quotes stay straight.
 */
export function texttt(code: string): string {
  const escaped = escapeCode(code.replace(/\n/g, ' ')).replace(/ {2,}/g, (run) => ' ' + '~'.repeat(run.length - 1))
  return `\\texttt{${escaped}}`
}

/** Code lines for places where `verbatim` cannot go (inside a footnote): typewriter lines, spacing kept. */
export function codeLines(code: string): string {
  const lines = expandTabs(stripControl(code)).split('\n')
  const shown = lines.map((line) => (line === '' ? '~' : escapeCode(line).replace(/ /g, '~')))
  return `{\\ttfamily ${shown.join('\\newline\n')}}`
}

/** Body of a `verbatim` block: nothing is escaped, only what would end the block early is broken up. */
export function verbatimBody(code: string): string {
  return expandTabs(stripControl(code))
    .replace(/\\end\{verbatim\}/g, '\\end {verbatim}')
    .replace(/\s+$/, '')
}

export function expandTabs(text: string): string {
  if (!text.includes('\t')) return text
  return text
    .split('\n')
    .map((line) => {
      let out = ''
      for (const ch of line) out += ch === '\t' ? ' '.repeat(4 - (out.length % 4)) : ch
      return out
    })
    .join('\n')
}

/** Characters a URL may not carry into `\href`/`\url` as they are (read inside other commands' arguments too). */
const URL_UNSAFE = /[^\x21-\x7E]|[\\{}^~`"<>|]/u

/**
 * A link target for `\href{…}` and `\url{…}`. Following hyperref (and pandoc's LaTeX writer),
 * `%` and `#` are written `\%` and `\#`; characters TeX would read as commands, groups or
 * accents, spaces and non-ASCII characters are percent-encoded, which leaves the address the same.
 */
export function latexUrl(url: string): string {
  let encoded = ''
  for (const ch of stripControl(url.trim())) {
    if (ch === '%') encoded += '%'
    else if (URL_UNSAFE.test(ch)) encoded += percentEncode(ch)
    else encoded += ch
  }
  // A `%` that does not start an escape is a literal percent sign.
  encoded = encoded.replace(/%(?![0-9A-Fa-f]{2})/g, '%25')
  return encoded.replace(/[%#]/g, (c) => `\\${c}`)
}

function percentEncode(ch: string): string {
  return [...Buffer.from(ch, 'utf8')].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('')
}

/**
 * A `\label`/`\ref` key the essay wrote: only what would break the command is removed, so a
 * reference in prose still matches the `\label` inside a formula, which is kept as written.
 */
export function latexKey(key: string): string {
  return stripControl(key)
    .replace(/[\\{}#%$&^~]/g, '')
    .trim()
}

/** A key the exporter makes up (footnotes, bibliography entries): ASCII letters, digits and `:._-` only. */
export function asciiKey(key: string): string {
  return key.replace(/[^A-Za-z0-9:._-]/g, '')
}

/** A line of a `%` comment: one line, nothing TeX would act on inside a comment. */
export function commentText(text: string): string {
  return stripControl(text).replace(/\s+/g, ' ').replace(/\^\^/g, '^ ^').trim()
}
