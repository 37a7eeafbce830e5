import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { clientDistDir } from '../../core/paths.js'
import {
  criticalCssFrom,
  criticalIndexOf,
  fontFacesFile,
  type CriticalCss,
  type CriticalIndex,
} from './critical-css.js'

export interface ClientAssets {
  /** Tags for every <head>: font and module preloads. */
  head: string
  /** The app's stylesheet links, for the head of an admin's page: its font faces (where built apart) and its rules. */
  styles: string
  /** For the end of a reader's body, whose head inlines `critical` with every font face: the rules' stylesheets only. */
  deferredStyles: string
  /** The app's styles cut to what a page uses (critical-css.ts); null when there are none to read. */
  critical: CriticalCss | null
  /** The entry script tag for the end of <body>. */
  script: string
  /** The owner's stylesheet link (web/styles/owner.css), for the head of an admin's page only. */
  ownerHead: string
  available: boolean
}

interface ManifestChunk {
  file: string
  css?: string[]
  imports?: string[]
}

const ENTRY = 'web/entry-client.tsx'
const OWNER_STYLES = 'web/styles/owner.css'

/**
 * The text fonts every page sets its first screen in (essays in Source Serif, the interface in
 * Inter). Found by the stylesheet only once it is parsed and the page styled; asked for with the
 * stylesheet instead, they are usually here by the first layout, so the page is not laid out and
 * painted a second time when they arrive.
 */
const FIRST_SCREEN_FONTS = /^(?:source-serif-4-latin-wght-normal|inter-latin-wght-normal)-[\w-]+\.woff2$/

function fontPreloads(dir: string): string[] {
  let files: string[]
  try {
    files = readdirSync(join(dir, 'assets'))
  } catch {
    return []
  }
  return files
    .filter((f) => FIRST_SCREEN_FONTS.test(f))
    .sort()
    .map((f) => `<link rel="preload" href="/assets/${f}" as="font" type="font/woff2" crossorigin>`)
}

const NO_ASSETS: ClientAssets = {
  head: '',
  styles: '',
  deferredStyles: '',
  critical: null,
  script: '',
  ownerHead: '',
  available: false,
}

/**
 * Read Vite's manifest once at start-up. Without a client build the pages still render on the
 * server (readable, indexable) but are not hydrated; the server logs how to build it.
 */
export function loadClientAssets(dir = clientDistDir): ClientAssets {
  const built = readBuild(dir)
  if (!built) return NO_ASSETS
  const head = [...fontPreloads(dir), ...built.preloads.map((f) => `<link rel="modulepreload" href="/${f}">`)].join(
    '\n    ',
  )
  return {
    head,
    styles: links(built.stylesheets),
    deferredStyles: links(built.css),
    critical: criticalStyles(dir, built.stylesheets),
    script: `<script type="module" src="/${built.entry}"></script>`,
    ownerHead: built.owner ? `<link rel="stylesheet" href="/${built.owner}">` : '',
    available: true,
  }
}

interface ClientBuild {
  entry: string
  preloads: string[]
  /** The entry's stylesheets (rules), in order. */
  css: string[]
  /** The same with their font faces, where built apart, before each. */
  stylesheets: string[]
  owner: string | null
}

function readBuild(dir: string): ClientBuild | null {
  let manifest: Record<string, ManifestChunk>
  try {
    manifest = JSON.parse(readFileSync(join(dir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>
  } catch {
    return null
  }
  const entry = manifest[ENTRY]
  if (!entry) return null
  const css = new Set<string>()
  const preloads = new Set<string>()
  const visit = (chunk: ManifestChunk, seen = new Set<ManifestChunk>()) => {
    if (seen.has(chunk)) return
    seen.add(chunk)
    chunk.css?.forEach((c) => css.add(c))
    for (const key of chunk.imports ?? []) {
      const dep = manifest[key]
      if (!dep) continue
      preloads.add(dep.file)
      visit(dep, seen)
    }
  }
  visit(entry)
  // scripts/font-faces-apart.ts moves a stylesheet's font faces to a file beside it
  const stylesheets = [...css].flatMap((f) => (existsSync(join(dir, fontFacesFile(f))) ? [fontFacesFile(f), f] : [f]))
  return {
    entry: entry.file,
    preloads: [...preloads],
    css: [...css],
    stylesheets,
    owner: manifest[OWNER_STYLES]?.file ?? null,
  }
}

const links = (files: string[]) => files.map((f) => `<link rel="stylesheet" href="/${f}">`).join('\n    ')

/** Indexed stylesheets by file and version: every server and build in a process shares one index per stylesheet. */
const indexed = new Map<string, CriticalCss>()

/** Where the build keeps the stylesheets' index (critical-css.ts), beside Vite's manifest. */
const INDEX_FILE = join('.vite', 'critical-css.json')
const INDEX_VERSION = 1

interface SavedIndex {
  version: number
  /** The stylesheets it was made from, by name and size: Vite's names carry their content's hash. */
  sheets: string[]
  index: CriticalIndex
}

const sheetKeys = (dir: string, files: string[]) => files.map((f) => `${f}:${statSync(join(dir, f)).size}`)

/**
 * For the build (scripts/build.mjs): index the client's stylesheets once and keep the index
 * beside the manifest, so a server starts without parsing them. Returns the index file's path.
 */
export function saveCriticalIndex(dir = clientDistDir): string | null {
  const files = readBuild(dir)?.stylesheets
  if (!files || files.length === 0) return null
  const index = criticalIndexOf(
    files.map((f) => ({ css: readFileSync(join(dir, f), 'utf8'), folder: `/${dirname(f)}/` })),
  )
  const saved: SavedIndex = { version: INDEX_VERSION, sheets: sheetKeys(dir, files), index }
  const path = join(dir, INDEX_FILE)
  writeFileSync(path, JSON.stringify(saved))
  return path
}

/** The build's index when it was made from exactly these stylesheets; null otherwise (then it is made afresh). */
function savedIndex(dir: string, files: string[]): CriticalIndex | null {
  let saved: Partial<SavedIndex>
  try {
    saved = JSON.parse(readFileSync(join(dir, INDEX_FILE), 'utf8')) as Partial<SavedIndex>
  } catch {
    return null
  }
  const keys = sheetKeys(dir, files)
  const same =
    saved.version === INDEX_VERSION &&
    Array.isArray(saved.sheets) &&
    saved.sheets.length === keys.length &&
    saved.sheets.every((k, i) => k === keys[i])
  return same && saved.index && Array.isArray(saved.index.pieces) ? saved.index : null
}

/** The stylesheets' text, indexed for inlining; null when there is none or it cannot be read (pages then link it as before). */
function criticalStyles(dir: string, files: string[]): CriticalCss | null {
  if (files.length === 0) return null
  try {
    const paths = files.map((f) => join(dir, f))
    const key = paths
      .map((path) => {
        const { size, mtimeMs } = statSync(path)
        return `${path}:${size}:${mtimeMs}`
      })
      .join('|')
    let index = indexed.get(key)
    if (!index) {
      const saved = savedIndex(dir, files)
      index = criticalCssFrom(
        saved ??
          criticalIndexOf(files.map((f, i) => ({ css: readFileSync(paths[i]!, 'utf8'), folder: `/${dirname(f)}/` }))),
      )
      indexed.set(key, index)
    }
    return index
  } catch {
    return null
  }
}
