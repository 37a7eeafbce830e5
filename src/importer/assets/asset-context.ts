import type { EssayAsset } from '../../shared/schemas/index.js'
import type { EssayInput, ParseOptions } from '../parse/index.js'

/**
 * How the render finds the stored copy of a local file the essay refers to; undefined when the
 * essay has no folder (nothing to resolve against) or there is no data folder to copy into.
 */
export function assetResolverFor(essay: EssayInput, options: ParseOptions): ((ref: string) => EssayAsset | null) | undefined {
  // Filled in by the figures work: resolve against the essay's folder and essay.root, copy into media.
  void essay
  void options
  return undefined
}
