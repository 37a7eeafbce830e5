import { factorySpace } from 'micromark-factory-space'
import { markdownLineEnding, markdownSpace } from 'micromark-util-character'
import type { Code, Construct, Effects, Extension, State, Token, TokenizeContext } from 'micromark-util-types'
import { commentRest, leadingComment } from './micromark-leading-comment.js'

/**
 * Pandoc's fenced div (MANUAL, "Extension: fenced_divs"), as a micromark construct:
 *
 *     ::: {#thm-main .theorem key="v"}      ← ≥ 3 colons, then attributes or one bare word
 *     Content, read as a document (lists, math, other divs).
 *     :::                                   ← ≥ 3 colons alone
 *
 * Modelled on micromark-extension-directive's container (its content is a chunk of document
 * the parser reads again), with pandoc's nesting rule instead of its fence lengths: a line of
 * colons with attributes opens an inner div, and a line of colons alone closes the innermost
 * open one, whatever the counts. So the container counts the inner openings and closings it
 * passes (outside code fences) and stops at the closing line that matches its own opening.
 *
 * `:::{note}` — a brace right after the colons with no `#`, `.` or `=` inside — is MyST's colon
 * fence, read by the MyST reader, and is not matched here.
 *
 * A fence may follow an HTML comment on its line, opening or closing (see `leadingComment`).
 */
export function fencedDivSyntax(): Extension {
  return { flow: { [COLON]: fencedDiv, [LESS_THAN]: fencedDiv } }
}

declare module 'micromark-util-types' {
  interface TokenTypeMap {
    pandocDiv: 'pandocDiv'
    pandocDivFence: 'pandocDivFence'
    pandocDivSequence: 'pandocDivSequence'
    pandocDivAttributes: 'pandocDivAttributes'
    pandocDivContent: 'pandocDivContent'
  }
}

const COLON = 58
const LESS_THAN = 60
const LEFT_BRACE = 123
const RIGHT_BRACE = 125
const HASH = 35
const DOT = 46
const EQUALS = 61
const QUOTE = 34
const APOSTROPHE = 39
const BACKTICK = 96
const TILDE = 126

/** Divs nested deeper than this are not read as divs (no document needs it; see `level`). */
const MAX_LEVEL = 16

/** The nesting level of each div opening line met so far, per parse (sub-tokenizers share the parser). */
const LEVELS = new WeakMap<object, Map<number, number>>()

function levelsOf(parser: object): Map<number, number> {
  let levels = LEVELS.get(parser)
  if (!levels) LEVELS.set(parser, (levels = new Map()))
  return levels
}

const fencedDiv: Construct = { name: 'pandocDiv', tokenize: tokenizeFencedDiv, concrete: true }
const nonLazyLine: Construct = { tokenize: tokenizeNonLazyLine, partial: true }

/** What a content line of a div is, for the nesting count (see `classifyLine`). */
type LineKind =
  | { kind: 'open' }
  | { kind: 'close' }
  | { kind: 'code'; marker: number; size: number }
  | { kind: 'comment-open' }
  | { kind: 'comment-close' }
  | { kind: 'other' }

function tokenizeFencedDiv(this: TokenizeContext, effects: Effects, ok: State, nok: State): State {
  // eslint-disable-next-line @typescript-eslint/no-this-alias -- micromark hands its context as `this`
  const self = this
  const tail = self.events[self.events.length - 1]
  const initialSize = tail && tail[1].type === 'linePrefix' ? tail[2].sliceSerialize(tail[1], true).length : 0
  let colons = 0
  let spaced = false
  let quote: Code = null
  let marked = false
  /** Whether anything but spaces stood in the braces (`:::{}` is pandoc's, `:::{note}` MyST's). */
  let named = false
  /** Inner divs opened and not yet closed, as far as this container has read. */
  let depth = 0
  /** The code fence the content is in, if any: its `:::` lines are code. */
  let code: { marker: number; size: number } | null = null
  /** Inside an HTML comment of several lines: its `:::` lines are commented out, as pandoc reads them. */
  let comment = false
  let line: LineKind = { kind: 'other' }
  let previous: Token | undefined
  const levels = levelsOf(self.parser)
  /** How deep this div sits among divs, as the enclosing div recorded when it read this line. */
  const level = levels.get(self.now().line) ?? 1
  return start

  function start(c: Code): State | undefined {
    // Each level of nesting is read again by its own tokenizer: a limit keeps hostile input linear.
    if (level > MAX_LEVEL) return nok(c)
    effects.enter('pandocDiv')
    effects.enter('pandocDivFence')
    return leadingComment(effects, sequenceStart, nok)(c)
  }

  function sequenceStart(c: Code): State | undefined {
    effects.enter('pandocDivSequence')
    return sequenceOpen(c)
  }

  function sequenceOpen(c: Code): State | undefined {
    if (c === COLON) {
      effects.consume(c)
      colons++
      return sequenceOpen
    }
    if (colons < 3) return nok(c)
    effects.exit('pandocDivSequence')
    if (markdownSpace(c)) {
      spaced = true
      return factorySpace(effects, infoStart, 'whitespace')(c)
    }
    return infoStart(c)
  }

  function infoStart(c: Code): State | undefined {
    if (c === LEFT_BRACE) {
      effects.enter('pandocDivAttributes')
      effects.consume(c)
      return inBraces
    }
    if (isWordCode(c)) {
      effects.enter('pandocDivAttributes')
      effects.consume(c)
      return inWord
    }
    // Colons alone (a closing line with nothing to close) or anything else: not a div.
    return nok(c)
  }

  function inBraces(c: Code): State | undefined {
    if (c === null || markdownLineEnding(c)) return nok(c)
    effects.consume(c)
    if (quote !== null) {
      if (c === quote) quote = null
      return inBraces
    }
    if (c !== RIGHT_BRACE && !markdownSpace(c)) named = true
    if (c === QUOTE || c === APOSTROPHE) quote = c
    else if (c === HASH || c === DOT || c === EQUALS) marked = true
    else if (c === RIGHT_BRACE) {
      effects.exit('pandocDivAttributes')
      // `:::{note}`: MyST's colon fence, not pandoc's; `:::{}` names nothing and is pandoc's.
      if (!spaced && !marked && named) return nok
      return factorySpace(effects, trailingColons, 'whitespace')
    }
    return inBraces
  }

  function inWord(c: Code): State | undefined {
    if (isWordCode(c)) {
      effects.consume(c)
      return inWord
    }
    effects.exit('pandocDivAttributes')
    return factorySpace(effects, trailingColons, 'whitespace')(c)
  }

  /** Pandoc allows the opening line to end with colons too: `::: warning :::`. */
  function trailingColons(c: Code): State | undefined {
    if (c === COLON) {
      effects.consume(c)
      return trailingColons
    }
    return factorySpace(effects, openAfter, 'whitespace')(c)
  }

  function openAfter(c: Code): State | undefined {
    if (c !== null && !markdownLineEnding(c)) return nok(c)
    effects.exit('pandocDivFence')
    if (c === null) return after(c)
    if (self.interrupt) return ok(c)
    return effects.attempt(nonLazyLine, contentStart, after)(c)
  }

  function contentStart(c: Code): State | undefined {
    if (c === null) return after(c)
    if (markdownLineEnding(c)) return effects.check(nonLazyLine, emptyContentNonLazyLineAfter, after)(c)
    effects.enter('pandocDivContent')
    return lineStart(c)
  }

  function emptyContentNonLazyLineAfter(c: Code): State | undefined {
    effects.enter('pandocDivContent')
    return lineStart(c)
  }

  /** Each content line: our closing fence ends the div; otherwise it is read for the nesting count, then kept. */
  function lineStart(c: Code): State | undefined {
    const keep = effects.check({ tokenize: classifyLine, partial: true }, countLine, countLine)
    if (depth === 0 && code === null && !comment)
      return effects.attempt({ tokenize: tokenizeClosingFence, partial: true }, afterContent, keep)(c)
    return keep(c)
  }

  function countLine(c: Code): State | undefined {
    if (comment) {
      if (line.kind === 'comment-close') comment = false
    } else if (line.kind === 'comment-open') comment = true
    else if (code !== null) {
      if (line.kind === 'code' && line.marker === code.marker && line.size >= code.size) code = null
    } else if (line.kind === 'code') code = { marker: line.marker, size: line.size }
    else if (line.kind === 'open') levels.set(self.now().line, level + ++depth)
    else if (line.kind === 'close' && depth > 0) depth--
    return initialSize ? factorySpace(effects, chunkStart, 'linePrefix', initialSize + 1)(c) : chunkStart(c)
  }

  function chunkStart(c: Code): State | undefined {
    if (c === null) return afterContent(c)
    if (markdownLineEnding(c)) return effects.check(nonLazyLine, chunkNonLazyStart, afterContent)(c)
    return chunkNonLazyStart(c)
  }

  function chunkNonLazyStart(c: Code): State | undefined {
    const token = effects.enter('chunkDocument', { contentType: 'document', previous })
    if (previous) previous.next = token
    previous = token
    return contentContinue(c)
  }

  function contentContinue(c: Code): State | undefined {
    if (c === null) {
      const t = effects.exit('chunkDocument')
      self.parser.lazy[t.start.line] = false
      return afterContent(c)
    }
    if (markdownLineEnding(c)) return effects.check(nonLazyLine, nonLazyLineAfter, lineAfter)(c)
    effects.consume(c)
    return contentContinue
  }

  function nonLazyLineAfter(c: Code): State | undefined {
    effects.consume(c)
    const t = effects.exit('chunkDocument')
    self.parser.lazy[t.start.line] = false
    return lineStart
  }

  function lineAfter(c: Code): State | undefined {
    const t = effects.exit('chunkDocument')
    self.parser.lazy[t.start.line] = false
    return afterContent(c)
  }

  function afterContent(c: Code): State | undefined {
    effects.exit('pandocDivContent')
    return after(c)
  }

  function after(c: Code): State | undefined {
    effects.exit('pandocDiv')
    return ok(c)
  }

  /** A line of ≥ 3 colons and nothing else: pandoc's closing fence, whatever its length. */
  function tokenizeClosingFence(this: TokenizeContext, effects: Effects, ok: State, nok: State): State {
    let size = 0
    return factorySpace(effects, prefixAfter, 'linePrefix', initialSize + 4)

    function prefixAfter(c: Code): State | undefined {
      effects.enter('pandocDivFence')
      return leadingComment(effects, sequenceStart, nok)(c)
    }

    function sequenceStart(c: Code): State | undefined {
      effects.enter('pandocDivSequence')
      return sequence(c)
    }

    function sequence(c: Code): State | undefined {
      if (c === COLON) {
        effects.consume(c)
        size++
        return sequence
      }
      if (size < 3) return nok(c)
      effects.exit('pandocDivSequence')
      return factorySpace(effects, sequenceEnd, 'whitespace')(c)
    }

    function sequenceEnd(c: Code): State | undefined {
      if (c === null || markdownLineEnding(c)) {
        effects.exit('pandocDivFence')
        return ok(c)
      }
      return nok(c)
    }
  }

  /**
   * Reads (never keeps: run as a check) how a content line starts, into `line`: an inner div's
   * opening, a closing line, a code fence, or other text. One look at the line's start, and at
   * most one pass over it, so that counting stays linear.
   */
  function classifyLine(this: TokenizeContext, effects: Effects, ok: State): State {
    let marker: Code = null
    let size = 0
    let lastSeen: Code = null
    /** The opening's first word is bare (`::: warning`), not braced. */
    let bare = false
    return begin

    function begin(c: Code): State | undefined {
      line = { kind: 'other' }
      if (c === null || markdownLineEnding(c)) return ok(c)
      // A token is never empty (micromark checks): the first character is always taken.
      effects.enter('pandocDivFence')
      if (comment) return commentRest(effects, commentClosed, done)(c)
      if (c === LESS_THAN) return leadingComment(effects, afterComment, done, commentOpened)(c)
      if (c === COLON || c === BACKTICK || c === TILDE) {
        marker = c
        return run(c)
      }
      effects.consume(c)
      return markdownSpace(c) ? blanks : done
    }

    /** A comment that stays open past its line comments out the lines after it. */
    function commentOpened(c: Code): State | undefined {
      line = { kind: 'comment-open' }
      return done(c)
    }

    function commentClosed(c: Code): State | undefined {
      line = { kind: 'comment-close' }
      return done(c)
    }

    /** After a comment closed on its line, only colons count (see `leadingComment`). */
    function afterComment(c: Code): State | undefined {
      if (c !== COLON) return done(c)
      // The spaces after the comment were a token of their own: the colons need an open one.
      effects.exit('pandocDivFence')
      effects.enter('pandocDivFence')
      marker = c
      return run(c)
    }

    function blanks(c: Code): State | undefined {
      if (markdownSpace(c)) {
        effects.consume(c)
        return blanks
      }
      if (c === COLON || c === BACKTICK || c === TILDE) {
        marker = c
        return run(c)
      }
      return done(c)
    }

    function run(c: Code): State | undefined {
      if (c === marker) {
        effects.consume(c)
        size++
        return run
      }
      if (size < 3) return done(c)
      if (marker !== COLON) {
        line = { kind: 'code', marker: marker ?? 0, size }
        return done(c)
      }
      return afterColons(c)
    }

    function afterColons(c: Code): State | undefined {
      if (c === null || markdownLineEnding(c)) {
        line = { kind: lastSeen === null ? 'close' : 'open' }
        // An opening brace must close on its line (the construct itself insists on that).
        if (line.kind === 'open' && lastSeen !== RIGHT_BRACE && !bare) line = { kind: 'other' }
        return done(c)
      }
      if (!markdownSpace(c)) {
        if (lastSeen === null) bare = c !== LEFT_BRACE
        if (c !== COLON) lastSeen = c
      }
      effects.consume(c)
      return afterColons
    }

    function done(c: Code): State | undefined {
      effects.exit('pandocDivFence')
      return ok(c)
    }
  }
}

function isWordCode(c: Code): boolean {
  return c !== null && ((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 45)
}

function tokenizeNonLazyLine(this: TokenizeContext, effects: Effects, ok: State, nok: State): State {
  // eslint-disable-next-line @typescript-eslint/no-this-alias -- micromark hands its context as `this`
  const self = this
  return start

  function start(c: Code): State | undefined {
    effects.enter('lineEnding')
    effects.consume(c)
    effects.exit('lineEnding')
    return lineStart
  }

  function lineStart(c: Code): State | undefined {
    return self.parser.lazy[self.now().line] ? nok(c) : ok(c)
  }
}
