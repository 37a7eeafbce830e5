import type { EssayAsset } from '../../shared/schemas/index.js'
import type { EssayInput, ParseOptions } from '../parse/index.js'
import { allowedFolders, reachablePath, referencedPath } from './resolve-reference.js'
import { storeAssetSync } from './store-asset.js'

export type AssetResolver = ((ref: string) => EssayAsset | null) & {
  /** Every local path the essay's references pointed at so far, found or not (for the figure stamp). */
  readonly looked: ReadonlySet<string>
}

/**
 * How the render finds the stored copy of a local file the essay refers to; undefined when the
 * essay has no folder (nothing to resolve against) or there is no data folder to copy into.
 * Each file found is copied into the data folder's media as the render asks for it (see
 * storeAssetSync); a file that is missing, outside the essay's reach, not a media type or too
 * large answers null, which the render shows as a placeholder and reports as a warning.
 */
export function assetResolverFor(essay: EssayInput, options: ParseOptions): AssetResolver | undefined {
  const { root } = essay
  const { dataDir } = options
  if (!root || !dataDir) return undefined
  let folders: string[] | null = null
  const answers = new Map<string, EssayAsset | null>()
  const looked = new Set<string>()
  const resolver = (ref: string): EssayAsset | null => {
    const known = answers.get(ref)
    if (known !== undefined) return known
    const target = referencedPath(ref, essay.path, root)
    let answer: EssayAsset | null = null
    if (target.kind === 'local') {
      looked.add(target.path)
      folders ??= allowedFolders(essay.path, root)
      const real = reachablePath(target.path, folders)
      const stored = real ? storeAssetSync(real, dataDir) : null
      if (stored?.ok) answer = stored.asset
    }
    answers.set(ref, answer)
    return answer
  }
  return Object.assign(resolver, { looked })
}
