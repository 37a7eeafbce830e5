import { watch } from 'chokidar'
import { resolve } from 'node:path'
import { assetExtOf } from '../media/asset-types.js'
import type { ImportReport, ImportService } from './import-service.js'

export interface FolderWatcher {
  /** Resolves once the folder's current essays are imported and watching has begun. */
  ready: Promise<ImportReport>
  close(): Promise<void>
}

const isEssay = (path: string) => /\.(md|markdown|ipynb)$/i.test(path)
/** Every file a post is made from: the essays above and a book's chapters. */
const isEssaySource = (path: string) => isEssay(path) || /\.(rmd|qmd)$/i.test(path)
const isFigure = (path: string) => assetExtOf(path) !== null
/**
 * A book's chapters (`.Rmd`, `.qmd`, which only their site publishes) and the files that order
 * them: a change to one may renumber or move pages whose own files did not change.
 */
const isBookPart = (path: string) =>
  /\.(rmd|qmd)$/i.test(path) || /(?:^|[/\\])(?:_toc\.yml|_bookdown\.yml|myst\.yml|_quarto\.ya?ml)$/.test(path)

/**
 * `blog serve --watch DIR`: import what is there, then every essay that appears or changes.
 * A file is imported only after its size has been stable for a moment, so one still being
 * written is never imported half-way. Deleting an essay's source, whatever its kind (`.md`,
 * `.markdown`, `.ipynb`, `.Rmd`, `.qmd`), leaves its post in place and is reported; the folder is
 * imported again, so a book that lost a chapter renumbers the rest and its contents no longer list it.
 */
export function watchFolder(
  dir: string,
  importer: ImportService,
  hooks: {
    onReport?: (r: ImportReport) => void
    onRemoved?: (path: string) => void
    onError?: (e: unknown) => void
  } = {},
): FolderWatcher {
  const root = resolve(dir)
  const queued = new Set<string>()
  let running: Promise<void> = Promise.resolve()
  let timer: NodeJS.Timeout | null = null

  const flush = () => {
    timer = null
    const batch = [...queued]
    queued.clear()
    running = running.then(() => importer.importPaths(batch)).then((r) => hooks.onReport?.(r), hooks.onError)
  }
  const schedule = (path: string) => {
    queued.add(path)
    if (timer) clearTimeout(timer)
    timer = setTimeout(flush, 100)
  }
  const enqueue = (path: string) => {
    // Which essays use a figure is only known by reading them, which a book's order changes: the
    // folder is imported again, and the import re-renders just the essays those changes reach.
    if (isFigure(path) || isBookPart(path)) schedule(root)
    else if (isEssay(path)) schedule(path)
  }
  // A deleted source's post stays (a post is deleted on the site, where that asks to be confirmed);
  // the folder is imported again for the books it was in: their numbers and contents change.
  const removed = (path: string) => {
    if (isEssaySource(path)) hooks.onRemoved?.(path)
    if (isEssaySource(path) || isBookPart(path)) schedule(root)
  }

  const watcher = watch(root, {
    ignoreInitial: true,
    ignored: (path) => /(^|[/\\])(\.|node_modules$|_licenses$)/.test(path.slice(root.length)),
    awaitWriteFinish: { stabilityThreshold: 400, pollInterval: 100 },
  })
  watcher.on('add', enqueue).on('change', enqueue)
  watcher.on('unlink', removed)
  watcher.on('error', (e) => hooks.onError?.(e))

  const ready = new Promise<void>((res) => watcher.once('ready', () => res())).then(() => importer.importPaths([root]))
  ready.then((r) => hooks.onReport?.(r), hooks.onError)

  return {
    ready,
    close: async () => {
      if (timer) clearTimeout(timer)
      await watcher.close()
      await running
    },
  }
}
