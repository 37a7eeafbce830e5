/** The text enhancements a post can have (images are their own job kind). */
export type EnhanceKind = 'annotations' | 'bibliography' | 'summary' | 'mathematicalModel'

/** What the job runner calls to do one enhancement of one post; implemented by the enhance service. */
export interface EnhanceRunner {
  run(postId: number, kind: EnhanceKind): Promise<void>
}
