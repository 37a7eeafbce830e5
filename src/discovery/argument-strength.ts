import type { ArgumentStrength } from '../shared/schemas/discovery.js'
import type { Essay } from './corpus.js'
import type { Snapshot } from './snapshot.js'
import { citedWorks, linkedEssays } from './evidence.js'
import { clamp01 } from './structure-features.js'
import { clip, quoteList } from './explain.js'

/** Words that say how one statement follows from, or stands against, another. */
const CONNECTIVE = /\b(?:therefore|thus|hence|because|since|consequently|so that|it follows|follows that|implies|which means|as a result|however|although|whereas|in contrast|nevertheless|on the other hand|for example|for instance|in particular|that is|i\.e\.|e\.g\.|first|second|finally|we (?:have|obtain|find|get|see)|given that|if\b[^.]{0,120}\bthen)\b/i
/** Words that assert without showing. */
const STRONG_CLAIM = /\b(?:clearly|obviously|undoubtedly|certainly|unquestionably|always|never|everyone knows|everybody knows|it is well known|well-known fact|studies (?:show|have shown)|research (?:shows|has shown)|experts agree|without (?:a )?doubt)\b/i
/** A share of connective sentences at which the reasoning reads as fully linked. */
const FULL_CONNECTIVES = 0.3

/**
 * How well an essay supports what it says, measured from the essay itself: the works it
 * cites (and how identifiable they are), how many different sources they come from, how
 * often its sentences say how they follow from each other, and claims asserted without any
 * support nearby. Admin analytics (SPEC §3 Argument strength).
 */
export function argumentStrength(snap: Snapshot, e: Essay): ArgumentStrength {
  const works = citedWorks(e)
  const essays = linkedEssays(snap, e)
  const sources = new Set(works.map((w) => w.source).filter((s): s is string => Boolean(s)))
  const words = Math.max(e.meta.wordCount, 1)
  const proof = e.doc.paragraphs.some((p) => /^(?:proof|derivation)$/i.test(p.lead ?? '')) || e.doc.displays.length >= 3

  // Evidence: cited works against what an essay of this length should cite (2, plus 1 per 1,000 words).
  const expected = 2 + words / 1000
  const items = works.length + 0.5 * essays.size + (proof ? 1 : 0)
  const identified = works.length ? works.filter((w) => w.identified).length / works.length : 0
  const evidenceQuality = items === 0 ? 0 : clamp01(0.8 * Math.min(1, items / expected) + 0.2 * identified)
  const sourceDiversity = clamp01(1 - Math.exp(-sources.size / 3))

  const sentences = e.doc.sentences.filter((s) => s.block !== 'table' && s.text.split(/\s+/).length >= 4)
  const connected = sentences.filter((s) => CONNECTIVE.test(s.text)).length
  const connectiveShare = sentences.length ? connected / sentences.length : 0
  const sectioned = words < 800 || e.doc.headings.length >= 2 ? 1 : 0.5
  const logicalCoherence = sentences.length === 0 ? 0 : clamp01(0.75 * Math.min(1, connectiveShare / FULL_CONNECTIVES) + 0.25 * sectioned)

  const unsupported = e.doc.paragraphs
    .filter((p) => !p.segments.some((s) => s.kind === 'link' || s.kind === 'cite') && !/\[\^|\(\d{4}\)|\[\d+\]/.test(p.text))
    .flatMap((p) => p.sentences.filter((s) => STRONG_CLAIM.test(s.text)))

  const supportingEvidence: string[] = []
  if (works.length) supportingEvidence.push(`Cites ${works.length} outside work${works.length === 1 ? '' : 's'}: ${works.slice(0, 3).map((w) => `“${clip(w.title, 80)}”`).join(', ')}${works.length > 3 ? '…' : ''}`)
  if (sources.size > 1) supportingEvidence.push(`Draws on ${sources.size} different sources (${[...sources].slice(0, 4).join(', ')}${sources.size > 4 ? '…' : ''})`)
  if (essays.size) supportingEvidence.push(`Builds on ${essays.size} other essay${essays.size === 1 ? '' : 's'} of this site: ${quoteList([...essays.keys()].slice(0, 3).map((x) => x.meta.title))}`)
  if (proof) supportingEvidence.push(`Derives its results in ${e.doc.displays.length} displayed formula${e.doc.displays.length === 1 ? '' : 's'}`)
  if (connected) supportingEvidence.push(`${Math.round(connectiveShare * 100)}% of its sentences say how they follow from others (therefore, because, hence…)`)

  const weakPoints: string[] = []
  if (works.length === 0) weakPoints.push('Cites no outside sources: no links, reference list, citations or front-matter sources')
  else if (sources.size === 1) weakPoints.push(`All cited works come from one source (${[...sources][0]})`)
  for (const s of unsupported.slice(0, 3)) weakPoints.push(`Asserted without support nearby: “${clip(s.text, 160)}”`)
  if (sentences.length && connectiveShare < FULL_CONNECTIVES / 3) weakPoints.push(`Only ${Math.round(connectiveShare * 100)}% of sentences say how they follow from others`)
  if (sectioned < 1) weakPoints.push(`${words.toLocaleString('en')} words with fewer than two headings: the line of argument is hard to follow`)
  if (works.length && identified < 0.5) weakPoints.push('Most cited works have no address, DOI or ISBN a reader could check')

  const overallScore = clamp01(0.4 * evidenceQuality + 0.35 * logicalCoherence + 0.25 * sourceDiversity)
  return { overallScore: r3(overallScore), evidenceQuality: r3(evidenceQuality), logicalCoherence: r3(logicalCoherence), sourceDiversity: r3(sourceDiversity), supportingEvidence, weakPoints }
}

const r3 = (x: number) => Math.round(x * 1000) / 1000
