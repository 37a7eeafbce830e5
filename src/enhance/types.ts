/** The text enhancements a post can have (images are their own job kind). */
export type EnhanceKind = 'annotations' | 'bibliography' | 'summary' | 'mathematicalModel'

/** What the job runner calls to do one enhancement of one post; implemented by the enhance service. */
export interface EnhanceRunner {
  /** Resolves to notes on what was dropped from the provider's answer (the job keeps them). */
  run(postId: number, kind: EnhanceKind): Promise<{ notes: string[] }>
}
