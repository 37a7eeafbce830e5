import type { CrossReference } from '../shared/schemas/discovery.js'
import type { Essay } from './corpus.js'
import type { Relation } from './related-posts.js'
import type { Snapshot } from './snapshot.js'
import { citedWorks, linkedEssays } from './evidence.js'
import { hasOwnDate } from '../importer/parse/dates.js'
import { clamp01 } from './structure-features.js'
import { clip, phraseTest } from './explain.js'

const LIMIT = 15
/** Relations weaker than this are no cross-reference, only a shared vocabulary. */
const MIN_SCORE = 0.15
/**
 * Words that dispute what a sentence names. A bare "not" is no dispute ("X is not convex" is a
 * fact about X): a contradiction needs the text to say that something is wrong or contrary.
 */
const DISPUTE =
  /\b(?:contrary to|in contrast to|contradicts?|refutes?|refuted|disprov(?:e|es|ed)|disagrees? with|is (?:wrong|incorrect|mistaken|false)|are (?:wrong|incorrect|mistaken|false)|does not hold|do not hold|counterexample)\b/i

/**
 * How other essays stand to this one (SPEC §3 Cross reference), each with its evidence (issue
 * 22): it links to them (citation); an essay that links to it (expansion); a related essay that
 * leans on the same post or work, named as the concept: earlier or later (evolution,
 * expansion) when both are dated, disputing it when its text says so (contradiction),
 * otherwise support.
 */
export function crossReferences(snap: Snapshot, self: Essay, related: Relation[]): CrossReference[] {
  const out: CrossReference[] = []
  const seen = new Set<Essay>()
  const similarity = (e: Essay) => related.find((r) => r.essay === e)?.score ?? 0
  for (const [target, texts] of linkedEssays(snap, self)) {
    seen.add(target)
    const sim = similarity(target)
    out.push(
      ref(texts[0] || target.meta.title, 'citation', target, 0.6 + 0.4 * sim, [
        `This essay links to it${texts[0] ? ` (“${clip(texts[0], 60)}”)` : ''}.`,
        `Strength: 60% for the link + 40% × ${pct(sim)} text similarity.`,
      ]),
    )
  }
  for (const other of snap.essays) {
    if (other === self || seen.has(other)) continue
    const back = linkedEssays(snap, other).get(self)
    if (back) {
      seen.add(other)
      const sim = similarity(other)
      out.push(
        ref(keyConcept(snap, self, other) ?? self.meta.title, 'expansion', other, 0.6 + 0.4 * sim, [
          `It links to this essay${back[0] ? ` (“${clip(back[0], 60)}”)` : ''}.`,
          `Strength: 60% for the link + 40% × ${pct(sim)} text similarity.`,
        ]),
      )
    }
  }
  for (const r of related) {
    if (seen.has(r.essay) || r.score < MIN_SCORE) continue
    // A shared vocabulary alone claims no relationship: it takes shared evidence.
    const shared = sharedEvidence(snap, self, r.essay)
    if (!shared) continue
    seen.add(r.essay)
    const kind = kindOf(self, r.essay, shared.concept)
    out.push(
      ref(shared.concept, kind.type, r.essay, r.score, [
        shared.how,
        kind.why,
        `Strength: ${pct(r.score)} text similarity (shared words and structure).`,
      ]),
    )
  }
  return out.sort((a, b) => b.strength - a.strength || a.targetPostSlug.localeCompare(b.targetPostSlug)).slice(0, LIMIT)
}

/**
 * Contradiction only where the other essay's text disputes the concept in so many words;
 * expansion or evolution only between essays that carry dates of their own (an undated essay's
 * date is the day it was imported); otherwise the two support each other.
 */
function kindOf(self: Essay, other: Essay, concept: string): { type: CrossReference['relationshipType']; why: string } {
  const needle = phraseTest(concept)
  const dispute = other.doc.sentences.find((s) => needle.test(s.text) && DISPUTE.test(s.text))
  if (dispute) return { type: 'contradiction', why: `It disputes it: “${clip(dispute.text, 140)}”` }
  if (hasOwnDate(self.frontmatter) && hasOwnDate(other.frontmatter)) {
    const [mine, theirs] = [self.meta.publishedAt.slice(0, 10), other.meta.publishedAt.slice(0, 10)]
    if (theirs > mine) return { type: 'expansion', why: `It came later (${theirs}, this essay ${mine}).` }
    if (theirs < mine) return { type: 'evolution', why: `It came earlier (${theirs}, this essay ${mine}).` }
  }
  return { type: 'support', why: 'No dispute in its text and no dated order: the two support each other.' }
}

/** What both essays lean on: a post of the site both link to, else a work both cite. */
function sharedEvidence(snap: Snapshot, self: Essay, other: Essay): { concept: string; how: string } | undefined {
  const theirs = linkedEssays(snap, other)
  for (const target of linkedEssays(snap, self).keys())
    if (target !== self && target !== other && theirs.has(target))
      return { concept: target.meta.title, how: `Both link to “${clip(target.meta.title, 80)}”.` }
  const cited = new Set(citedWorks(other).map((w) => w.key))
  const work = citedWorks(self).find((w) => cited.has(w.key))
  return work && { concept: work.title, how: `Both cite “${clip(work.title, 80)}”.` }
}

/** This essay's strongest key concept that the other essay uses too. */
function keyConcept(snap: Snapshot, self: Essay, other: Essay): string | undefined {
  return snap.keyTerms(self.meta.id).find((t) => snap.mentions(other.meta.id, t.key) > 0)?.surface
}

const ref = (
  concept: string,
  relationshipType: CrossReference['relationshipType'],
  target: Essay,
  strength: number,
  evidence: string[],
): CrossReference => ({
  concept,
  relationshipType,
  targetPostTitle: target.meta.title,
  targetPostSlug: target.meta.slug,
  strength: Math.round(clamp01(strength) * 1000) / 1000,
  evidence,
})

const pct = (x: number) => `${Math.round(clamp01(x) * 100)}%`
