import type { EssayAsset } from '../../shared/schemas/index.js'
import type { EssayInput, ParseOptions } from '../parse/index.js'
import { allowedFolders, reachablePath, referencedPath } from './resolve-reference.js'
import { storeAssetSync, storeBytesSync } from './store-asset.js'

export type AssetResolver = ((ref: string) => EssayAsset | null) & {
  /** Every local path the essay's references pointed at so far, found or not (for the figure stamp). */
  readonly looked: ReadonlySet<string>
}

/**
 * How the render finds the stored copy of a local file the essay refers to; undefined when the
 * essay has no folder (nothing to resolve against) and no figures of its own, or there is no
 * data folder to copy into. Figures the source carries (a notebook's plots) are stored first.
 * Each file found is copied into the data folder's media as the render asks for it (see
 * storeAssetSync); a file that is missing, outside the essay's reach, not a media type or too
 * large answers null, which the render shows as a placeholder and reports as a warning.
 */
export function assetResolverFor(essay: EssayInput, options: ParseOptions): AssetResolver | undefined {
  const { root, embedded } = essay
  const { dataDir } = options
  if (!dataDir || (!root && !embedded)) return undefined
  let folders: string[] | null = null
  const answers = new Map<string, EssayAsset | null>()
  const looked = new Set<string>()
  const resolver = (ref: string): EssayAsset | null => {
    const known = answers.get(ref)
    if (known !== undefined) return known
    let answer: EssayAsset | null = null
    const inside = embedded?.get(ref)
    if (inside) {
      // Part of the source itself: its hash is in the source's, so it is not stamped as a file.
      const stored = storeBytesSync(inside.bytes, inside.ext, dataDir)
      answer = stored.ok ? stored.asset : null
      answers.set(ref, answer)
      return answer
    }
    const target = root ? referencedPath(ref, essay.path, root) : null
    if (root && target?.kind === 'local') {
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
