import { decodeEntities } from './plain-text.js'
import type { Segment } from './essay-doc.js'

/** What the inline reader needs from the block reader. */
export interface InlineContext {
  /** Stash markers and label tokens back to what the author wrote (see export/source.ts). */
  restore(text: string): string
  /** Reference-style link targets (`[id]: url`), by lower-case id. */
  definitions: ReadonlyMap<string, string>
}

const INLINE = new RegExp(
  [
    /(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/.source, // 1, 2: code span
    /\$\$([^$]+?)\$\$/.source, // 3: $$…$$ written mid-sentence
    /\$(?!\s)([^$\n]*?[^\s$\\])\$(?!\d)/.source, // 4: $…$ (Pandoc's rule: no space inside, no digit after)
    /!\[(?:[^[\]]|\[[^\]]*\])*\]\([^)]*\)/.source, // image: no text a reader reads
    /\[((?:[^[\]]|\[[^\]]*\])*)\]\(\s*<?([^\s)>]*)>?(?:\s+(?:"[^"]*"|'[^']*'|\([^)]*\)))?\s*\)/.source, // 5, 6: link
    /\[((?:[^[\]]|\[[^\]]*\])+)\]\[([^\]]*)\]/.source, // 7, 8: reference link
    /\[\^[^\]]+\]/.source, // footnote mark
    /&#91;(.*?)&#93;/.source, // 9: d2l :cite: as the preprocessor writes it
    /<(https?:\/\/[^>\s]+)>/.source, // 10: autolink
    /<a\s[^>]*?href\s*=\s*["']([^"']+)["'][^>]*>([\s\S]*?)<\/a\s*>/.source, // 11, 12: HTML link
    /<\/?[A-Za-z][^>]*>|<!--[\s\S]*?-->/.source, // other HTML: dropped
    /(https?:\/\/[^\s<>()[\]]*[^\s<>()[\].,;:!?'"])/.source, // 13: bare address (GFM autolink)
  ].join('|'),
  'g',
)

/** Markdown punctuation a reader never sees: emphasis marks, escapes, placeholder characters. */
function cleanText(text: string): string {
  return decodeEntities(
    text
      .replace(/[\uE000-\uF8FF]/g, '')
      .replace(/\\([!-/:-@[-`{-~])/g, '$1')
      .replace(/\*+|~~|(?<![\p{L}\p{N}])_+|_+(?![\p{L}\p{N}])/gu, ''),
  )
}

/** A paragraph's markdown as segments: prose, links, formulas, code and citations. */
export function readInline(markdown: string, ctx: InlineContext): Segment[] {
  const out: Segment[] = []
  const pushText = (raw: string) => {
    if (raw === '') return
    const text = cleanText(withShortcutLinks(ctx.restore(raw), ctx, out))
    if (text !== '') out.push({ kind: 'text', text })
  }
  let last = 0
  for (const m of markdown.matchAll(INLINE)) {
    pushText(markdown.slice(last, m.index))
    last = m.index + m[0].length
    const [, , code, midDisplay, math, linkText, linkUrl, refText, refId, cite, autolink, anchorUrl, anchorText, bare] =
      m
    if (code !== undefined) out.push({ kind: 'code', text: ctx.restore(code).trim() })
    else if (midDisplay !== undefined || math !== undefined)
      out.push({ kind: 'math', tex: ctx.restore(midDisplay ?? math).trim() })
    else if (linkText !== undefined) pushLink(out, linkText, linkUrl, ctx)
    else if (refText !== undefined) {
      const url = ctx.definitions.get((refId || refText).trim().toLowerCase())
      if (url) pushLink(out, refText, url, ctx)
      else pushText(refText)
    } else if (cite !== undefined) {
      const keys = decodeEntities(cite)
        .split(',')
        .map((k) => k.replace(/\\/g, '').trim())
        .filter(Boolean)
      if (keys.length) out.push({ kind: 'cite', keys })
    } else if (autolink !== undefined) out.push({ kind: 'link', text: autolink, url: autolink })
    else if (anchorUrl !== undefined) pushLink(out, anchorText, decodeEntities(anchorUrl), ctx)
    else if (bare !== undefined) out.push({ kind: 'link', text: bare, url: bare })
  }
  pushText(markdown.slice(last))
  return out
}

function pushLink(out: Segment[], text: string, url: string, ctx: InlineContext): void {
  const inner = readInline(text, ctx)
  const readable = inner
    .map((s) => (s.kind === 'math' ? s.tex : s.kind === 'cite' ? '' : s.text))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
  out.push({ kind: 'link', text: readable, url: url.trim() })
}

/**
 * `[Cilk]` alone is a link when a `[cilk]: url` definition exists. Text before such a link is
 * pushed as it is found, so the segments stay in order; the rest is returned.
 */
function withShortcutLinks(text: string, ctx: InlineContext, out: Segment[]): string {
  if (ctx.definitions.size === 0 || !text.includes('[')) return text
  let last = 0
  for (const m of text.matchAll(/\[([^[\]]+)\](?!\()/g)) {
    const url = ctx.definitions.get(m[1].trim().toLowerCase())
    if (!url) continue
    const before = cleanText(text.slice(last, m.index))
    if (before) out.push({ kind: 'text', text: before })
    out.push({ kind: 'link', text: cleanText(m[1]), url })
    last = m.index + m[0].length
  }
  return text.slice(last)
}
