import { factorySpace } from 'micromark-factory-space'
import { markdownLineEnding, markdownSpace } from 'micromark-util-character'
import type { Code, Effects, State } from 'micromark-util-types'

declare module 'micromark-util-types' {
  interface TokenTypeMap {
    pandocDivComment: 'pandocDivComment'
  }
}

const LESS_THAN = 60
const EXCLAMATION = 33
const DASH = 45
const GREATER_THAN = 62

/**
 * An HTML comment closed on its own line before a fence: `<!-- START COLUMNS --> ::: {.columns}`.
 * Pandoc reads the comment as a raw block and the rest of the line as a new block, so the fence
 * opens (or closes) a div; CommonMark would take the whole line as HTML. Sites use it to label
 * nested fences (acederberg/quarto-maths writes it on every column layout). The comment is
 * consumed into a token nothing renders, as Quarto drops it from the page.
 *
 * Returns a state that reads an optional comment and the spaces after it, then hands over to
 * `next`; a `<` that does not start a comment closed on this line goes to `nok` (or, for a
 * comment left open at the line's end, to `unclosed`).
 */
export function leadingComment(effects: Effects, next: State, nok: State, unclosed: State = nok): State {
  let dashes = 0
  return start

  /** The comment token is closed before giving up, so that a check's caller may go on. */
  function exitThen(then: State): State {
    return (c) => {
      effects.exit('pandocDivComment')
      return then(c)
    }
  }

  function start(c: Code): State | undefined {
    if (c !== LESS_THAN) return next(c)
    effects.enter('pandocDivComment')
    effects.consume(c)
    return bang
  }

  function bang(c: Code): State | undefined {
    if (c !== EXCLAMATION) return exitThen(nok)(c)
    effects.consume(c)
    return openDash
  }

  function openDash(c: Code): State | undefined {
    if (c !== DASH) return exitThen(nok)(c)
    effects.consume(c)
    // `<!--` then `>` or `->` closes at once (CommonMark 0.31): the opener's dashes count.
    return ++dashes === 2 ? commentRest(effects, closed, exitThen(unclosed), dashes) : openDash
  }

  function closed(c: Code): State | undefined {
    effects.exit('pandocDivComment')
    return factorySpace(effects, afterSpaces, 'whitespace')(c)
  }

  function afterSpaces(c: Code): State | undefined {
    // A comment alone on its line is an HTML block, not this construct's.
    if (c === null || markdownLineEnding(c) || markdownSpace(c)) return nok(c)
    return next(c)
  }
}

/**
 * The rest of a comment on this line, up to and with its `-->`, then `closed`; at the line's
 * end, `unclosed` (the comment goes on past it). `dashes`: those just read before.
 */
export function commentRest(effects: Effects, closed: State, unclosed: State, dashes = 0): State {
  return body

  function body(c: Code): State | undefined {
    if (c === null || markdownLineEnding(c)) return unclosed(c)
    effects.consume(c)
    if (c === GREATER_THAN && dashes >= 2) return closed
    dashes = c === DASH ? dashes + 1 : 0
    return body
  }
}
