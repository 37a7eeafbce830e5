/**
 * The `missing-asset` warning's text, and the reference read back from it: the import asks
 * again, on the next run, for each file a post was missing, so a figure added later is found
 * even though the essay's text did not change.
 */
export const missingAssetMessage = (what: 'Figure' | 'File', ref: string): string => `${what} not found: ${ref}`

const MESSAGE = /^(?:Figure|File) not found: (.+)$/s

export function missingAssetRef(message: string): string | null {
  return MESSAGE.exec(message)?.[1] ?? null
}
