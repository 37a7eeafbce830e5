import { essayText } from './essay-text.js'
import { authorLabel, cslText, cslYear } from '../../bibliography/cited-entries.js'
import type { EssayInput } from '../provider.js'
import type { OutputKind } from './output-schemas.js'

/** About 15,000 tokens of essay: enough for nearly every essay, bounded for the longest. */
const MAX_ESSAY_CHARS = 60_000
const MAX_FRONTMATTER_CHARS = 6_000
/** The cited entries shown to the model, each as one short line. */
const MAX_CITED_LINES = 200

const SYSTEM = [
  'You enhance long-form essays published on an academic blog.',
  'Work only from the essay you are given: never invent facts, quotations, sources, authors, years or URLs.',
  'Answer with JSON that matches the given schema; use null for a field the essay does not give.',
].join(' ')

const TASKS: Record<OutputKind, string> = {
  annotations:
    'Choose up to 8 key terms of the essay. For each: targetText is the term copied exactly, character for character, from the essay prose ' +
    '(not from code, formulas or link text); annotation explains it in 1 to 3 sentences as the essay uses it; type is definition, example, ' +
    'context, elaboration or connection; category is a short label for its domain; priority is high, medium or low.',
  bibliography:
    'List only the works the essay itself cites: its links, DOIs, arXiv identifiers, author-year citations, reference list and the ' +
    'front-matter sources. Never add a work the essay does not cite. Each entry: an id like "ref-1", a type (book, journal, article, ' +
    'website or research) and only the fields the essay gives. The introduction says in 1 or 2 sentences what the essay cites. ' +
    'furtherReading may only contain titles from the list of related essays on this site given below (or be empty).',
  summary: 'Summarise the essay in 2 to 4 plain sentences (no markdown, formulas in words), faithful to what it says.',
  mathematicalModel:
    'Describe the mathematical model the essay contains, built only from its formulas. variables: the symbols it uses, named as the ' +
    'essay names them (unit and range empty strings when the essay does not state them; measurability direct, indirect, proxy or ' +
    'theoretical). equations: its display formulas in LaTeX as written, with a short name and description. systemDynamics: how ' +
    'quantities change (LaTeX) or a plain sentence saying the relations are static. validation: reliability high, medium or low, ' +
    'honest strengths, limitations and ways to check it. If the essay has no formulas, return empty lists, reliability low and an ' +
    'abstract that says so.',
}

/**
 * The works the essay cites from its author's bibliography. They are listed first in the stored
 * bibliography as the author gave them, so the model is told not to repeat them, and may
 * mention them in the introduction.
 */
function citedList(input: EssayInput): string {
  const refs = input.references ?? []
  if (refs.length === 0) return ''
  const lines = refs.slice(0, MAX_CITED_LINES).map((r) => {
    const year = cslYear(r)
    return `- ${authorLabel(r)}${year ? ` (${year})` : ''}: ${cslText(r, 'title') || r.id}`
  })
  return [
    `The essay cites these ${refs.length} works from the author's own bibliography. They are listed first already, exactly as the author gives them:`,
    ...lines,
    'Do not repeat them in entries; list only the other works the essay cites. The introduction may describe them together with the rest.',
  ].join('\n')
}

/** The chat messages for one kind of enhancement of one essay. */
export function messagesFor(
  kind: OutputKind,
  input: EssayInput,
  related: string[],
): { role: 'system' | 'user'; content: string }[] {
  // The essay as readers read it (the site's one reading), not its source with every dialect's syntax.
  const text = input.reading ? essayText(input.reading) : input.markdown
  const essay =
    text.length > MAX_ESSAY_CHARS
      ? `${text.slice(0, MAX_ESSAY_CHARS)}\n\n[The rest of the essay is left out for length.]`
      : text
  const frontmatter = JSON.stringify(input.frontmatter).slice(0, MAX_FRONTMATTER_CHARS)
  const parts = [
    TASKS[kind],
    `Title: ${input.post.title}`,
    input.post.tags.length ? `Tags: ${input.post.tags.join(', ')}` : '',
    `Front matter (JSON): ${frontmatter}`,
    kind === 'bibliography'
      ? `Related essays on this site: ${related.length ? related.map((t) => JSON.stringify(t)).join(', ') : '(none)'}`
      : '',
    kind === 'bibliography' ? citedList(input) : '',
    `Essay (markdown, formulas in $…$):\n${essay}`,
  ]
  return [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: parts.filter(Boolean).join('\n\n') },
  ]
}
