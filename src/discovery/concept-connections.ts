import type { SmartSidebar } from '../shared/schemas/discovery.js'
import type { Snapshot } from './snapshot.js'
import { clip, phraseTest } from './explain.js'

const CONCEPTS = 5
const ESSAYS_PER_CONCEPT = 3

/**
 * This essay's key concepts, each with the other essays that discuss it most and the
 * sentence where each first does (SPEC §3 conceptConnections).
 */
export function conceptConnections(snap: Snapshot, id: number): SmartSidebar['conceptConnections'] {
  const out: SmartSidebar['conceptConnections'] = []
  for (const term of snap.keyTerms(id)) {
    if (out.length >= CONCEPTS) break
    const users = snap.essays
      .filter((e) => e.meta.id !== id)
      .map((e) => ({ e, n: snap.mentions(e.meta.id, term.key) }))
      .filter((x) => x.n > 0)
      .sort((a, b) => b.n - a.n || a.e.meta.id - b.e.meta.id)
    const relatedEssays: SmartSidebar['conceptConnections'][number]['relatedEssays'] = []
    const needle = phraseTest(term.surface)
    // Reading an essay's sentences is slow: look in the heaviest users only.
    for (const { e } of users.slice(0, 2 * ESSAYS_PER_CONCEPT)) {
      if (relatedEssays.length >= ESSAYS_PER_CONCEPT) break
      const sentence = e.doc.sentences.find((s) => needle.test(s.text))
      if (sentence)
        relatedEssays.push({ id: e.meta.id, slug: e.meta.slug, title: e.meta.title, snippet: clip(sentence.text) })
    }
    if (relatedEssays.length > 0) out.push({ concept: term.surface, relatedEssays })
  }
  return out
}
