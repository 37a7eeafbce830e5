/** Minutes to read at 200 words a minute, rounded up, never less than one. */
export function readTimeFor(wordCount: number): number {
  return Math.max(1, Math.ceil(wordCount / 200))
}
