import { missingAssetRef } from '../../markdown/plugins/missing-asset.js'
import type { EssayDocument } from '../../shared/schemas/index.js'
import type { EssayInput, ParseOptions } from '../parse/index.js'
import { assetResolverFor } from './asset-context.js'

/**
 * Whether a post's stored figures are still what its essay's files give: each stored asset
 * resolves to the same copy, and each file it was missing is still missing. When not, the
 * essay is rendered again although its text is unchanged (a figure replaced, or added after
 * the first import). Costs a `stat` per figure: files already stored are known by path, size
 * and time (storeAssetSync's cache).
 */
export function assetsCurrent(essay: EssayInput, document: EssayDocument | undefined, options: ParseOptions): boolean {
  if (!document) return true
  const resolve = assetResolverFor(essay, options)
  if (!resolve) return true
  for (const [ref, asset] of Object.entries(document.assets)) {
    if (resolve(ref)?.url !== asset.url) return false
  }
  for (const warning of document.warnings) {
    const ref = warning.rule === 'missing-asset' ? missingAssetRef(warning.message) : null
    if (ref !== null && resolve(ref) !== null) return false
  }
  return true
}
