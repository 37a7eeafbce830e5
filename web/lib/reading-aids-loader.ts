import type { ReadingAids, ReadingAidsSource, readReadingAids } from './reading-aids.js'

// The reading aids' code (web/lib/reading-aids.ts) brings zod, about half of the post page's
// script; most posts have no stored enhancements and never need it. So it is fetched on demand:
// before hydrating a post page that has enhancements (web/route-pages.ts), or when the reader
// moves to such a post; on the server it is loaded once at start.

type Reader = typeof readReadingAids

let reader: Reader | null = null
let loading: Promise<void> | null = null
const listeners = new Set<() => void>()

/** A post without enhancements, or whose reader is still on its way. */
export const NO_READING_AIDS: ReadingAids = {
  annotations: null,
  highlighted: null,
  annotationTypes: new Set(),
  bibliography: null,
  model: null,
}

/** Whether a post has anything stored that reading aids are read from. */
export function hasReadingAids(
  post: Pick<ReadingAidsSource, 'annotations' | 'bibliography' | 'mathematicalModel'>,
): boolean {
  return [post.annotations, post.bibliography, post.mathematicalModel].some(
    (text) => typeof text === 'string' && text.trim() !== '',
  )
}

/** Fetches the reader (once); a failed fetch may be tried again. */
export function loadReadingAids(): Promise<void> {
  return (loading ??= import('./reading-aids.js').then(
    (module) => {
      reader = module.readReadingAids
      for (const listener of listeners) listener()
    },
    (error: unknown) => {
      loading = null
      throw error
    },
  ))
}

/** The reader once loaded, else null. */
export function readingAidsReader(): Reader | null {
  return reader
}

export function subscribeReadingAids(listener: () => void): () => void {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}
