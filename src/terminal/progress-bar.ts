import type { BlogEventBus, BlogEvents } from '../core/events.js'
import type { LiveLine } from './live-line.js'

/** `[#####-----]`: how far along, in a fixed width so the numbers after it don't jump. */
export function progressBar(done: number, total: number, width = 20): string {
  const share = total > 0 ? Math.min(1, Math.max(0, done / total)) : 1
  const filled = Math.round(share * width)
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}]`
}

/** One progress line: the bar, `n/total`, and what is being worked on. */
export function progressLine(done: number, total: number, current: string, width = 20): string {
  return `${progressBar(done, total, width)} ${done}/${total}${current ? `  ${current}` : ''}`
}

export type ImportFileEvent = BlogEvents['import:file'][0]

/**
 * Draws an import's progress from the core's typed events (import:start, import:file,
 * import:done) on a live line. A file's line that should stay on screen (`lineFor` answers
 * text, e.g. a failure) is printed above the bar, which is then drawn again below it.
 */
export function showImportProgress(
  events: BlogEventBus,
  live: LiveLine,
  lineFor: (f: ImportFileEvent) => string | null,
  print: (line: string) => void,
  name: (path: string) => string = (p) => p,
): () => void {
  let total = 0
  const onStart = (e: { total: number }) => {
    total = e.total
    live.update(progressLine(0, total, 'reading files…'))
  }
  const onFile = (f: ImportFileEvent) => {
    total = f.total
    const line = lineFor(f)
    if (line !== null) {
      live.clear()
      print(line)
    }
    live.update(progressLine(f.index + 1, f.total, name(f.path)))
  }
  // The finished bar stays on screen, so the run's last state can still be read.
  const onDone = () => live.finish(progressLine(total, total, 'done'))
  events.on('import:start', onStart)
  events.on('import:file', onFile)
  events.on('import:done', onDone)
  return () => {
    events.off('import:start', onStart)
    events.off('import:file', onFile)
    events.off('import:done', onDone)
  }
}
