/**
 * The `missing-asset` warning's text. (A figure added after the import is found on the next
 * import through the figure stamp kept with the post's source, see importer/assets/figure-stamp.ts.)
 */
export const missingAssetMessage = (what: 'Figure' | 'File', ref: string): string => `${what} not found: ${ref}`
