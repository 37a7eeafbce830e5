import type { ArgumentStrength } from '../shared/schemas/discovery.js'
import type { Essay } from './corpus.js'
import type { Snapshot } from './snapshot.js'
import type { Sentence } from '../text/essay-doc.js'
import { citedWorks, linkedEssays } from './evidence.js'
import { clamp01 } from './structure-features.js'
import { clip, quoteList } from './explain.js'

/**
 * Words that say how one statement follows from, or stands against, another. "First" or
 * "finally" orders an argument only where it opens the sentence ("for the first time" does
 * not), and "we have" states a result only where no participle follows ("we have submitted").
 */
const CONNECTIVE =
  /\b(?:therefore|thus|hence|because|since|consequently|so that|it follows|follows that|implies|which means|as a result|however|although|whereas|in contrast|nevertheless|on the other hand|for example|for instance|in particular|that is|i\.e\.|e\.g\.|we (?:have|obtain|find|get|see)(?!\s+\p{L}+(?:ed|en)\b)|given that|if\b[^.]{0,120}\bthen)\b|^\W*(?:first(?:ly)?|second(?:ly)?|third(?:ly)?|finally|next)\b/iu
/** Words that assert without showing. */
const STRONG_CLAIM =
  /\b(?:clearly|obviously|undoubtedly|certainly|unquestionably|always|never|everyone knows|everybody knows|it is well known|well-known fact|studies (?:show|have shown)|research (?:shows|has shown)|experts agree|without (?:a )?doubt)\b/i
/** A sentence with this many words of its own (link texts and formulas aside) says something. */
const CLAIM_WORDS = 5
/** Words that give a derivation step its reason. */
const JUSTIFICATION =
  /\b(?:by|using|use|with|from|since|because|applying|apply|substituting|plugging|according to|follows?|therefore|thus|hence|so that|gives|yields|implies|we (?:have|obtain|get|find))\b/i
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

  // A derivation's steps: each displayed formula with a stated reason beside it (a link to the
  // result used, an equation number, a citation, or "by/using/since/therefore…").
  const justified = e.doc.displays.filter((d) => [d.before, d.after].some((s) => s && justifies(s))).length
  const justifiedShare = proof && e.doc.displays.length ? justified / e.doc.displays.length : 0
  // The definitions and results of this site a proof leans on (its links within the site, to
  // posts imported here or not): sources a reader can check too.
  const results = proof ? siteResults(e, [...essays.keys()]) : 0

  // Evidence: cited works against what an essay of this length should cite (2, plus 1 per
  // 1,000 words); a post of the site it links to counts half, and so does each step of a
  // derivation that gives its reason (a proof is its own evidence).
  const expected = 2 + words / 1000
  const stepItems = proof ? 0.5 * justified : 0
  const items = works.length + 0.5 * essays.size + stepItems
  // Checkable: a cited work with an address, DOI or ISBN, or a post of this site.
  const checkable = works.filter((w) => w.identified).length + essays.size
  const identified = works.length + essays.size ? checkable / (works.length + essays.size) : 0
  // A link supports a claim when it stands in a sentence that says something (a list of bare
  // links, "Final writeup: <link>", supports nothing argued).
  const links = e.doc.links
  const inClaims = links.filter((l) => proseWords(l.sentence.prose) >= CLAIM_WORDS).length
  const claimShare = links.length ? inClaims / links.length : 1
  // With nothing to check but its own steps, a proof is judged on its steps alone.
  const base =
    works.length + essays.size ? 0.8 * Math.min(1, items / expected) + 0.2 * identified : Math.min(1, items / expected)
  const evidenceQuality = items === 0 ? 0 : clamp01(base * (0.4 + 0.6 * claimShare))
  const sourceCount = sources.size + 0.5 * results
  const sourceDiversity = clamp01(1 - Math.exp(-sourceCount / 3))

  const sentences = e.doc.sentences.filter((s) => s.block !== 'table' && s.text.split(/\s+/).length >= 4)
  const connected = sentences.filter((s) => CONNECTIVE.test(s.text)).length
  const connectiveShare = sentences.length ? connected / sentences.length : 0
  const sectioned = words < 800 || e.doc.headings.length >= 2 ? 1 : 0.5
  const reasoning = Math.max(Math.min(1, connectiveShare / FULL_CONNECTIVES), justifiedShare)
  const logicalCoherence =
    sentences.length === 0 && justifiedShare === 0 ? 0 : clamp01(0.75 * reasoning + 0.25 * sectioned)

  const unsupported = e.doc.paragraphs
    .filter(
      (p) => !p.segments.some((s) => s.kind === 'link' || s.kind === 'cite') && !/\[\^|\(\d{4}\)|\[\d+\]/.test(p.text),
    )
    .flatMap((p) => p.sentences.filter((s) => STRONG_CLAIM.test(s.text)))

  const supportingEvidence: string[] = []
  if (works.length)
    supportingEvidence.push(
      `Cites ${works.length} outside work${works.length === 1 ? '' : 's'}: ${works
        .slice(0, 3)
        .map((w) => `“${clip(w.title, 80)}”`)
        .join(', ')}${works.length > 3 ? '…' : ''}`,
    )
  if (sources.size > 1)
    supportingEvidence.push(
      `Draws on ${sources.size} different sources (${[...sources].slice(0, 4).join(', ')}${sources.size > 4 ? '…' : ''})`,
    )
  if (essays.size)
    supportingEvidence.push(
      `Builds on ${essays.size} other essay${essays.size === 1 ? '' : 's'} of this site: ${quoteList([...essays.keys()].slice(0, 3).map((x) => x.meta.title))}`,
    )
  if (proof)
    supportingEvidence.push(
      `Derives its results in ${e.doc.displays.length} displayed formula${e.doc.displays.length === 1 ? '' : 's'}`,
    )
  if (connected)
    supportingEvidence.push(
      `${Math.round(connectiveShare * 100)}% of its sentences say how they follow from others (therefore, because, hence…)`,
    )
  if (justified)
    supportingEvidence.push(
      `${justified} of its ${e.doc.displays.length} derivation steps state their reason (a result it links to, an equation number, “by”, “using”…)`,
    )

  const weakPoints: string[] = []
  if (works.length === 0)
    weakPoints.push('Cites no outside sources: no links, reference list, citations or front-matter sources')
  else if (sources.size === 1) weakPoints.push(`All cited works come from one source (${[...sources][0]})`)
  for (const s of unsupported.slice(0, 3)) weakPoints.push(`Asserted without support nearby: “${clip(s.text, 160)}”`)
  if (sentences.length && connectiveShare < FULL_CONNECTIVES / 3)
    weakPoints.push(`Only ${Math.round(connectiveShare * 100)}% of sentences say how they follow from others`)
  if (sectioned < 1)
    weakPoints.push(
      `${words.toLocaleString('en')} words with fewer than two headings: the line of argument is hard to follow`,
    )
  if (works.length && works.filter((w) => w.identified).length < works.length / 2)
    weakPoints.push('Most cited works have no address, DOI or ISBN a reader could check')
  if (links.length >= 3 && claimShare < 0.5)
    weakPoints.push(
      `${links.length - inClaims} of its ${links.length} links stand alone (a list of addresses), not beside a claim they support`,
    )

  // A proof stands on its steps more than on how many sources it has: weigh its logic more.
  const weights =
    proof && justifiedShare >= 0.5
      ? { evidence: 0.35, coherence: 0.5, diversity: 0.15 }
      : { evidence: 0.4, coherence: 0.35, diversity: 0.25 }
  const overallScore = clamp01(
    weights.evidence * evidenceQuality + weights.coherence * logicalCoherence + weights.diversity * sourceDiversity,
  )
  const pct = (x: number) => `${Math.round(x * 100)}%`
  const method = [
    `Overall ${pct(overallScore)} = ${pct(weights.evidence)} evidence + ${pct(weights.coherence)} coherence + ${pct(weights.diversity)} diversity${weights.coherence === 0.5 ? ' (a derivation whose steps give their reasons: its logic weighs most)' : ''}.`,
    `Evidence ${pct(evidenceQuality)}: ${works.length} cited work${works.length === 1 ? '' : 's'} + ${essays.size} linked essay${essays.size === 1 ? '' : 's'} (half each)${proof ? ` + ${justified} derivation step${justified === 1 ? '' : 's'} giving their reason (half each)` : ''} = ${r1(items)} against ${r1(expected)} expected for ${words.toLocaleString('en')} words${works.length + essays.size ? `; ${pct(identified)} checkable (20%)` : ''}; times 40% + 60% × ${pct(claimShare)} of links beside a claim.`,
    `Coherence ${pct(logicalCoherence)}: ${pct(connectiveShare)} of sentences say how they follow (${pct(FULL_CONNECTIVES)} counts as full)${proof ? `, ${justified} of ${e.doc.displays.length} derivation steps give their reason` : ''}; ${sectioned === 1 ? 'sectioned' : 'too few headings'} (25%).`,
    `Diversity ${pct(sourceDiversity)}: ${sources.size} distinct source${sources.size === 1 ? '' : 's'}${results ? ` and ${results} result${results === 1 ? '' : 's'} of this site it builds on (half each)` : ''}.`,
  ]
  return {
    overallScore: r3(overallScore),
    evidenceQuality: r3(evidenceQuality),
    logicalCoherence: r3(logicalCoherence),
    sourceDiversity: r3(sourceDiversity),
    supportingEvidence,
    weakPoints,
    method,
  }
}

const proseWords = (prose: string) => prose.split(/\s+/).filter((w) => /\p{L}/u.test(w)).length

function justifies(s: Sentence): boolean {
  return (
    s.segments.some((x) => x.kind === 'link' || x.kind === 'cite') ||
    /\(\d+[a-z]?\)/.test(s.text) ||
    JUSTIFICATION.test(s.text)
  )
}

const r3 = (x: number) => Math.round(x * 1000) / 1000
const r1 = (x: number) => Math.round(x * 10) / 10

/**
 * How many definitions and results of this site an essay leans on: the posts it links to, and
 * the other addresses within the site it links to (a book's definition pages not imported here
 * are still pages of the site a reader can open), each page once.
 */
function siteResults(e: Essay, linked: readonly Essay[]): number {
  const pages = new Set(linked.map((x) => `post:${x.meta.id}`))
  for (const link of e.doc.links) {
    if (!/^\/(?!\/)/.test(link.url)) continue
    const page = link.url.replace(/[?#].*$/, '').replace(/\/+$/, '')
    if (page && !linked.some((x) => x.aliases.some((a) => page.endsWith(`/${a}`)))) pages.add(page)
  }
  return pages.size
}
