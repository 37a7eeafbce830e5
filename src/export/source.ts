import { preprocess } from '../markdown/preprocess.js'
import { unstash } from '../markdown/syntax/stash.js'
import { latexCitations, writeCitations, type CitationWriter } from './citations.js'

/**
 * An essay's markdown made ready for the LaTeX writer.
 *
 * The site's preprocessor already knows every syntax the essays come with (`\(…\)`, `\[…\]`,
 * `$$` in all its forms, d2l, Franklin, Liquid) and turns their formulas into math nodes. But
 * it also makes the TeX digestible by KaTeX: it removes `\label`, resolves `\eqref` to a
 * number and stars `equation`/`align`. LaTeX wants those as written. So before the
 * preprocessor runs, each such command is set aside behind a token of private-use characters
 * the preprocessor neither reads nor changes; the writer puts the commands back.
 */
export interface PreparedSource {
  /** Markdown for remark, with the preprocessor's stash markers and our tokens in it. */
  markdown: string
  /** TeX macro definitions written as prose lines (`\newcommand…`), for the preamble. */
  macros: string[]
  /** Text as written: stash markers and tokens replaced by what they stand for. */
  restore(text: string): string
  /** Text split at the tokens, each token given as the LaTeX command it stands for. */
  split(text: string): Array<{ text: string } | { command: string }>
}

const OPEN = '\uE010'
const CLOSE = '\uE011'
const TOKEN = /\uE010(\d+)\uE011/g
const OWN_CHARACTERS = /[\uE010\uE011]/g

/** What the preprocessor would rewrite inside formulas or remove from prose. */
const PROTECTED = /\\(?:(?:label|eqref|ref)\s*\{[^{}\n]*\}|(?:begin|end)\s*\{(?:equation|align|gather|multline|flalign|alignat|eqnarray)\*?\})/g

/** Environments that are a display formula on their own, also without `$$` around them (MathJax reads them so). */
const BARE_BEGIN = /^( {0,3})\\begin\{(equation|align|gather|multline|flalign|alignat|eqnarray)(\*?)\}/
const FENCE_OPEN = /^(?:[ \t]*>[ \t]?|[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+)*[ \t]*(`{3,}|~{3,})/
const CONTAINER = /^(?:[ \t]*>[ \t]?)*/
/** A bare environment longer than this is taken for a stray `\begin`. */
const MAX_ENVIRONMENT_LINES = 300

export interface PrepareOptions {
  /**
   * How citations are written: natbib commands by default (the export); the local AI provider
   * reads them as author–year text instead (export/citation-text.ts).
   */
  citations?: CitationWriter
}

/** Also read by the local AI provider (src/ai/local/essay), which wants the labels as written too. */
export function prepareSource(content: string, options: PrepareOptions = {}): PreparedSource {
  const commands: string[] = []
  const guarded = wrapBareEnvironments(content.replace(OWN_CHARACTERS, '')).replace(PROTECTED, (command, offset: number, whole: string) => {
    if (isEscaped(whole, offset)) return command
    commands.push(command)
    return OPEN + (commands.length - 1) + CLOSE
  })
  const prepared = preprocess(guarded)
  const { stash, mathPreamble } = prepared
  // Citations become \citep/\citet commands, set aside like the rest (export/citations.ts).
  const markdown = writeCitations(prepared.markdown, options.citations ?? latexCitations(), (command) => {
    commands.push(command)
    return OPEN + (commands.length - 1) + CLOSE
  })
  const untoken = (text: string) => text.replace(TOKEN, (all, n: string) => commands[Number(n)] ?? all)
  const restore = (text: string) => untoken(unstash(text, stash))
  return {
    markdown,
    macros: mathPreamble.map(untoken),
    restore,
    split(text) {
      const full = unstash(text, stash)
      const parts: Array<{ text: string } | { command: string }> = []
      let last = 0
      for (const m of full.matchAll(TOKEN)) {
        if (m.index > last) parts.push({ text: full.slice(last, m.index) })
        parts.push({ command: commands[Number(m[1])] ?? '' })
        last = m.index + m[0].length
      }
      if (last < full.length) parts.push({ text: full.slice(last) })
      return parts
    },
  }
}

/**
 * `\begin{align}…\end{align}` standing in prose gets `$$` lines around it, so the preprocessor
 * takes it for the display formula it is. Code blocks and formulas already delimited are left alone.
 */
export function wrapBareEnvironments(text: string): string {
  if (!text.includes('\\begin{')) return text
  const lines = text.split('\n')
  const out: string[] = []
  let fence: string | null = null
  let inDollars = false
  let inBrackets = false
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]
    if (fence !== null) {
      out.push(line)
      if (closesFence(line, fence)) fence = null
      continue
    }
    const opened = FENCE_OPEN.exec(line)
    if (opened) {
      fence = opened[1]
      out.push(line)
      continue
    }
    const begin = inDollars || inBrackets ? null : BARE_BEGIN.exec(line)
    if (begin) {
      const end = `\\end{${begin[2]}${begin[3]}}`
      let j = i
      while (j < lines.length && j - i < MAX_ENVIRONMENT_LINES && !lines[j].includes(end)) j++
      if (j < lines.length && lines[j].includes(end)) {
        // A formula has no blank lines (the preprocessor would end it there; TeX rejects them).
        out.push(`${begin[1]}$$`, ...lines.slice(i, j + 1).filter((l) => l.trim() !== ''), `${begin[1]}$$`)
        i = j
        continue
      }
    }
    if ((line.match(/(?<!\\)\$\$/g)?.length ?? 0) % 2 === 1) inDollars = !inDollars
    if (!inDollars) {
      const open = line.lastIndexOf('\\[')
      const close = line.lastIndexOf('\\]')
      if (open > close) inBrackets = true
      else if (close >= 0) inBrackets = false
    }
    out.push(line)
  }
  return out.join('\n')
}

function closesFence(line: string, fence: string): boolean {
  const trimmed = line.replace(CONTAINER, '').trim()
  return trimmed.length >= fence.length && trimmed.split('').every((c) => c === fence[0])
}

function isEscaped(text: string, index: number): boolean {
  let n = 0
  for (let p = index - 1; p >= 0 && text[p] === '\\'; p--) n++
  return n % 2 === 1
}
