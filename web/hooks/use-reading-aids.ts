import { useEffect, useMemo, useSyncExternalStore } from 'react'
import {
  NO_READING_AIDS,
  hasReadingAids,
  loadReadingAids,
  readingAidsReader,
  subscribeReadingAids,
} from '../lib/reading-aids-loader.js'
import type { ReadingAids, ReadingAidsSource } from '../lib/reading-aids.js'

/**
 * A post's reading aids (annotations, bibliography, mathematical model). A post without
 * enhancements needs no reader; for one with them, the reader is fetched if it is not here yet
 * (a move from another page) and the aids appear once it is.
 */
export function useReadingAids(post: ReadingAidsSource): ReadingAids {
  const needed = hasReadingAids(post)
  const read = useSyncExternalStore(subscribeReadingAids, readingAidsReader, readingAidsReader)
  useEffect(() => {
    if (needed && !read)
      loadReadingAids().catch((error: unknown) => console.error('Scholia: the reading aids failed to load', error))
  }, [needed, read])
  const { html, annotations, bibliography, mathematicalModel } = post
  return useMemo(
    () => (needed && read ? read({ html, annotations, bibliography, mathematicalModel }) : NO_READING_AIDS),
    [needed, read, html, annotations, bibliography, mathematicalModel],
  )
}
