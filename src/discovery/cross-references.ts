import type { CrossReference } from '../shared/schemas/discovery.js'
import type { Essay } from './corpus.js'
import type { Relation } from './related-posts.js'
import type { Snapshot } from './snapshot.js'
import { citedWorks, linkedEssays } from './evidence.js'
import { hasOwnDate } from '../importer/parse/dates.js'
import { clamp01 } from './structure-features.js'
import { phraseTest } from './explain.js'

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
  for (const [target, texts] of linkedEssays(snap, self)) {
    seen.add(target)
    const rel = related.find((r) => r.essay === target)
    out.push(ref(texts[0] || target.meta.title, 'citation', target, 0.6 + 0.4 * (rel?.score ?? 0)))
  }
  for (const other of snap.essays) {
    if (other === self || seen.has(other)) continue
    if (linkedEssays(snap, other).has(self)) {
      seen.add(other)
      const rel = related.find((r) => r.essay === other)
      out.push(ref(keyConcept(snap, self, other) ?? self.meta.title, 'expansion', other, 0.6 + 0.4 * (rel?.score ?? 0)))
    }
  }
  for (const r of related) {
    if (seen.has(r.essay) || r.score < MIN_SCORE) continue
    // A shared vocabulary alone claims no relationship: it takes shared evidence.
    const concept = sharedEvidence(snap, self, r.essay)
    if (!concept) continue
    seen.add(r.essay)
    out.push(ref(concept, kindOf(self, r.essay, concept), r.essay, r.score))
  }
  return out.sort((a, b) => b.strength - a.strength || a.targetPostSlug.localeCompare(b.targetPostSlug)).slice(0, LIMIT)
}

/**
 * Contradiction only where the other essay's text disputes the concept in so many words;
 * expansion or evolution only between essays that carry dates of their own (an undated essay's
 * date is the day it was imported); otherwise the two support each other.
 */
function kindOf(self: Essay, other: Essay, concept: string): CrossReference['relationshipType'] {
  const needle = phraseTest(concept)
  if (other.doc.sentences.some((s) => needle.test(s.text) && DISPUTE.test(s.text))) return 'contradiction'
  if (hasOwnDate(self.frontmatter) && hasOwnDate(other.frontmatter)) {
    if (other.meta.publishedAt > self.meta.publishedAt) return 'expansion'
    if (other.meta.publishedAt < self.meta.publishedAt) return 'evolution'
  }
  return 'support'
}

/** What both essays lean on: a post of the site both link to, else a work both cite. */
function sharedEvidence(snap: Snapshot, self: Essay, other: Essay): string | undefined {
  const theirs = linkedEssays(snap, other)
  for (const target of linkedEssays(snap, self).keys())
    if (target !== self && target !== other && theirs.has(target)) return target.meta.title
  const cited = new Set(citedWorks(other).map((w) => w.key))
  return citedWorks(self).find((w) => cited.has(w.key))?.title
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
): CrossReference => ({
  concept,
  relationshipType,
  targetPostTitle: target.meta.title,
  targetPostSlug: target.meta.slug,
  strength: Math.round(clamp01(strength) * 1000) / 1000,
})
