import type { SmartSidebar } from '../shared/schemas/discovery.js'
import type { Essay } from './corpus.js'
import type { Relation } from './related-posts.js'
import type { Snapshot } from './snapshot.js'
import { conceptConnections } from './concept-connections.js'
import { readingPaths } from './reading-paths.js'
import { displayValue, reasonFor, specificity } from './explain.js'

const CONTINUE = 3
const COLLECTIONS = 3
const COLLECTION_ESSAYS = 5

/** SPEC §3 Smart sidebar for essay `self`, from its relations to the essays the viewer may see. */
export function smartSidebar(snap: Snapshot, self: Essay, related: Relation[]): SmartSidebar {
  return {
    continueReading: related.slice(0, CONTINUE).map((r) => ({
      id: r.essay.meta.id,
      slug: r.essay.meta.slug,
      title: r.essay.meta.title,
      excerpt: r.essay.meta.excerpt,
      reason: reasonFor(self, r),
      relevanceScore: Math.round(r.score * 1000) / 1000,
    })),
    conceptConnections: conceptConnections(snap, self.meta.id),
    readingPaths: readingPaths(snap, self, related),
    thematicCollections: thematicCollections(snap, self, related),
  }
}

/**
 * Themes this essay belongs to, with the other essays in each: its tags and declared
 * categories; without any, its key concepts that other essays also have as key concepts.
 */
function thematicCollections(snap: Snapshot, self: Essay, related: Relation[]): SmartSidebar['thematicCollections'] {
  const rank = new Map(related.map((r, i) => [r.essay.meta.id, i]))
  const byRelatedness = (a: Essay, b: Essay) => (rank.get(a.meta.id) ?? 1e9) - (rank.get(b.meta.id) ?? 1e9)
  const themes: { theme: string; members: Essay[] }[] = [...self.taxonomy]
    .map((g) => ({ g, members: snap.essays.filter((e) => e.taxonomy.has(g)) }))
    .filter((x) => x.members.length >= 2)
    .sort((a, b) => specificity(a.g) - specificity(b.g) || a.members.length - b.members.length)
    .map((x) => ({ theme: displayValue(x.g, self), members: x.members }))
  if (themes.length === 0) {
    for (const term of snap.keyTerms(self.meta.id)) {
      // Essays for which the concept is among their most distinctive terms (their TF-IDF vector).
      const members = snap.essays.filter((e) => e === self || snap.index.vectors.get(e.meta.id)?.has(term.key))
      if (members.length >= 2) themes.push({ theme: term.surface, members })
      if (themes.length >= COLLECTIONS) break
    }
  }
  return themes.slice(0, COLLECTIONS).map(({ theme, members }) => ({
    theme,
    totalEssays: members.length,
    essays: members
      .filter((e) => e !== self)
      .sort(byRelatedness)
      .slice(0, COLLECTION_ESSAYS)
      .map((e) => ({ id: e.meta.id, slug: e.meta.slug, title: e.meta.title, excerpt: e.meta.excerpt })),
  }))
}
