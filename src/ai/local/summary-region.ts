import type { EssayDoc, Paragraph } from '../../text/essay-doc.js'

/** Headings under which an author closes: what the essay found, or where it leaves the reader. */
const CLOSING_HEADING =
  /^(?:[\d.]+\s*)?(?:discussion|final (?:thoughts|remarks|words)|closing (?:thoughts|remarks)|outlook|conclusions? and .*|wrap(?:ping)?[- ]up|what(?:['’]s| is) next|lessons learned|results?)\s*[:.]?$/iu
/** Sections after the close: thanks, references, appendices, notes about the author or the code. */
const BACK_MATTER =
  /^(?:[\d.]+\s*)?(?:thanks|acknowledge?ments?|references|bibliography|appendix(?:\s.*)?|further reading|footnotes|notes|citation|cite this|about the authors?|code|resources)\s*[:.]?$/iu
/** Prose paragraphs a conclusion takes from the end of the last section, when it has no heading of its own. */
const CLOSING_PARAGRAPHS = 2
const PROSE = new Set(['paragraph', 'item', 'quote'])

/**
 * The paragraphs where an author states the point (issue 39): the introduction (the prose before
 * the first heading, or the first section when the essay opens with a heading) and the close (a
 * section headed as a discussion or outlook, else the last prose paragraphs of its last section). The
 * middle of a section explains a step ("In this region, the convergence only depends on …"), and
 * a summary made of such sentences misses the thesis.
 */
export function introAndClose(doc: EssayDoc): Set<number> {
  const prose = doc.paragraphs.filter((p) => PROSE.has(p.block) && p.sentences.length > 0)
  const chosen = new Set<number>()
  const first = prose[0]
  if (!first) return chosen
  const opening = prose.filter((p) => sameSection(p, first) && p.index < firstHeadingChange(prose, first))
  for (const p of opening) chosen.add(p.index)
  const closing = prose.filter((p) => p.heading !== null && CLOSING_HEADING.test(p.heading.trim()))
  // Thanks, references and appendices follow the close; they are not where the author concludes.
  const body = prose.filter((p) => p.heading === null || !BACK_MATTER.test(p.heading.trim()))
  const final = body[body.length - 1] ?? prose[prose.length - 1]
  const close =
    closing.length > 0
      ? closing
      : body.filter((p) => !chosen.has(p.index) && sameSection(p, final)).slice(-CLOSING_PARAGRAPHS)
  for (const p of close) chosen.add(p.index)
  return chosen
}

const sameSection = (p: Paragraph, q: Paragraph) => p.heading === q.heading && p.headingDepth === q.headingDepth

/** The index of the first prose paragraph under another heading than the opening one. */
function firstHeadingChange(prose: Paragraph[], first: Paragraph): number {
  return prose.find((p) => !sameSection(p, first))?.index ?? Infinity
}
