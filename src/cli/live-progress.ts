import type { LiveLine } from '../terminal/live-line.js'
import type { progressLine, showImportProgress } from '../terminal/progress-bar.js'

/** A terminal's live line and the progress bar drawn on it. */
export interface LiveProgress {
  live: LiveLine
  progressLine: typeof progressLine
  showImportProgress: typeof showImportProgress
}

/**
 * Loaded only when the output is a terminal: measuring text in terminal columns builds ICU
 * segmenters as its modules load, which cost every `blog` run (`--json`, logs, CI) tens of
 * milliseconds for a bar it never draws.
 */
export async function openLiveProgress(stream: NodeJS.WriteStream): Promise<LiveProgress> {
  const [{ LiveLine }, bar] = await Promise.all([
    import('../terminal/live-line.js'),
    import('../terminal/progress-bar.js'),
  ])
  return { live: new LiveLine(stream), progressLine: bar.progressLine, showImportProgress: bar.showImportProgress }
}
