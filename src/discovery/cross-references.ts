import type { CrossReference } from '../shared/schemas/discovery.js'
import type { Essay } from './corpus.js'
import type { Relation } from './related-posts.js'
import type { Snapshot } from './snapshot.js'
import { linkedEssays } from './evidence.js'
import { clamp01 } from './structure-features.js'
import { phraseTest } from './explain.js'

const LIMIT = 15
/** Relations weaker than this are no cross-reference, only a shared vocabulary. */
const MIN_SCORE = 0.15
/** Cues that a sentence disputes or qualifies what it names. */
const CONTRAST = /\b(?:not|no longer|however|contrary|in contrast|unlike|fails?|failed|wrong|incorrect|mistaken|cannot|doesn't|isn't|disagree|refute|counter(?:example)?)\b/i

/**
 * How other essays stand to this one (SPEC §3 Cross reference): it links to them (citation);
 * a later essay links to it or takes up one of its key concepts (expansion); an earlier one
 * discussed the concept first (evolution); one that names the concept mostly in sentences
 * that dispute it (contradiction); otherwise one that treats the same concepts (support).
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
    const concept = keyConcept(snap, self, r.essay)
    if (!concept) continue
    seen.add(r.essay)
    out.push(ref(concept, kindOf(self, r.essay, concept), r.essay, r.score))
  }
  return out.sort((a, b) => b.strength - a.strength || a.targetPostSlug.localeCompare(b.targetPostSlug)).slice(0, LIMIT)
}

function kindOf(self: Essay, other: Essay, concept: string): CrossReference['relationshipType'] {
  const needle = phraseTest(concept)
  const uses = other.doc.sentences.filter((s) => needle.test(s.text))
  const disputed = uses.filter((s) => CONTRAST.test(s.text)).length
  if (uses.length >= 2 && disputed / uses.length >= 0.5) return 'contradiction'
  if (other.meta.publishedAt > self.meta.publishedAt) return 'expansion'
  if (other.meta.publishedAt < self.meta.publishedAt) return 'evolution'
  return 'support'
}

/** This essay's strongest key concept that the other essay uses too. */
function keyConcept(snap: Snapshot, self: Essay, other: Essay): string | undefined {
  return snap.keyTerms(self.meta.id).find((t) => snap.mentions(other.meta.id, t.key) > 0)?.surface
}

const ref = (concept: string, relationshipType: CrossReference['relationshipType'], target: Essay, strength: number): CrossReference => ({
  concept,
  relationshipType,
  targetPostTitle: target.meta.title,
  targetPostSlug: target.meta.slug,
  strength: Math.round(clamp01(strength) * 1000) / 1000,
})
