/**
 * A notebook may be many times the size of an essay: its plots are inside it, as base64. The
 * limit is that of the largest figure an essay may bring along (MAX_ASSET_BYTES), not the
 * essay's own.
 */
export const DEFAULT_MAX_NOTEBOOK_BYTES = 25 * 1024 * 1024

/** True for a Jupyter notebook's file name, in any case. */
export function isNotebookPath(path: string): boolean {
  return /\.ipynb$/i.test(path)
}
