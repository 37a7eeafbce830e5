// Folder-level dependency rule for src/ (issue 25): folders must form layers, not a tangle.
// It reads every import (type-only and dynamic ones too) with the TypeScript scanner, folds
// files into their top folder under src/, and fails on:
//   - any cycle between folders,
//   - an adapter (server, cli, dashboard, build, and web/ beside src/) importing the store,
//   - the ground floor (shared, and the kernel core) importing a domain folder,
//   - a domain folder importing the composition root (src/app), or anything under src/
//     importing app/blog-with-store (the tests' view of the Blog, store included).
// Kept as a plain script so `npm run lint` needs nothing beyond the TypeScript already installed.
//
// The layers it keeps, bottom up (a folder imports only folders below it):
//   shared                    schemas and pure helpers (word counts, slugs, read time)
//   core                      kernel: errors, viewer, paths, config, events, thread pool, atomic files
//   store, media, xref, mail, terminal, tracking, auth, markdown, text, bibliography, images,
//   importer, ai, posts, …    domain folders, each service over the ones below
//   app                       composition root: createBlog wires the services together
//   server, dashboard, build, cli   adapters over the Blog (cli starts the others)
// `node scripts/check-layers.mjs src --edges` prints every cross-folder import.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

/** Folders that adapt the programmatic API to a medium; they go through services, never the store. */
export const ADAPTERS = ['server', 'cli', 'dashboard', 'build']
/** Ground floor: they may import each other's files (kernel → shared) but no domain folder. */
export const GROUND = { core: ['shared', 'types'], shared: ['types'], types: [] }

const SOURCE = /\.(ts|tsx|mts|cts)$/

function sourceFiles(dir) {
  const out = []
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) out.push(...sourceFiles(full))
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full)
  }
  return out
}

function folderOf(root, file) {
  const parts = path.relative(root, file).split(path.sep)
  return parts.length > 1 ? parts[0] : '(root)'
}

/** Every cross-folder import under root: Map "a->b" → ["file -> specifier", …]. */
export function folderEdges(root) {
  const edges = new Map()
  for (const file of sourceFiles(root)) {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true)
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue
      const target = path.resolve(path.dirname(file), fileName)
      if (path.relative(root, target).startsWith('..')) continue
      const from = folderOf(root, file)
      const to = folderOf(root, target)
      if (from === to) continue
      const key = `${from}->${to}`
      if (!edges.has(key)) edges.set(key, [])
      edges.get(key).push(`${path.relative(root, file)} -> ${fileName}`)
    }
  }
  return edges
}

/** Strongly connected components with more than one folder (Tarjan). */
export function folderCycles(edges) {
  const next = new Map()
  for (const key of edges.keys()) {
    const [a, b] = key.split('->')
    if (!next.has(a)) next.set(a, new Set())
    next.get(a).add(b)
  }
  let counter = 0
  const index = new Map(),
    low = new Map(),
    stack = [],
    onStack = new Set(),
    found = []
  const visit = (v) => {
    index.set(v, counter)
    low.set(v, counter)
    counter++
    stack.push(v)
    onStack.add(v)
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v), low.get(w)))
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)))
    }
    if (low.get(v) === index.get(v)) {
      const component = []
      let w
      do {
        w = stack.pop()
        onStack.delete(w)
        component.push(w)
      } while (w !== v)
      if (component.length > 1) found.push(component.sort())
    }
  }
  for (const v of next.keys()) if (!index.has(v)) visit(v)
  return found
}

/** Imports from files under `dir` (an adapter outside src/, such as web/) into `target`. */
export function importsInto(dir, target) {
  const found = []
  if (!fs.existsSync(dir)) return found
  for (const file of sourceFiles(dir)) {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true)
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue
      const resolved = path.resolve(path.dirname(file), fileName)
      if (!path.relative(target, resolved).startsWith('..'))
        found.push(`${path.relative(path.dirname(dir), file)} -> ${fileName}`)
    }
  }
  return found
}

/** Human-readable rule violations for the folder graph under root; empty when the layers hold. */
export function layerViolations(root) {
  const edges = folderEdges(root)
  const problems = []
  for (const component of folderCycles(edges)) {
    const inside = [...edges].filter(([key]) => {
      const [a, b] = key.split('->')
      return component.includes(a) && component.includes(b)
    })
    problems.push(
      `folder cycle: ${component.join(', ')}\n${inside.map(([key, via]) => `    ${key}: ${via.join('; ')}`).join('\n')}`,
    )
  }
  for (const [key, via] of edges) {
    const [from, to] = key.split('->')
    if (ADAPTERS.includes(from) && to === 'store') problems.push(`adapter ${from} imports the store: ${via.join('; ')}`)
    if (from in GROUND && !GROUND[from].includes(to))
      problems.push(`${from} is the ground floor but imports ${to}: ${via.join('; ')}`)
    if (to === 'app' && !ADAPTERS.includes(from) && from !== '(root)')
      problems.push(`${from} imports the composition root: ${via.join('; ')}`)
    const storeView = via.filter((v) => /\/blog-with-store(\.[jt]sx?)?$/.test(v))
    if (storeView.length) problems.push(`src imports the tests' Blog with its store: ${storeView.join('; ')}`)
  }
  // The browser client is an adapter too (it talks HTTP, and must not bundle the store).
  const web = importsInto(path.join(path.dirname(root), 'web'), path.join(root, 'store'))
  if (web.length) problems.push(`adapter web imports the store: ${web.join('; ')}`)
  return problems
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? 'src')
  if (process.argv.includes('--edges')) {
    for (const [key, via] of [...folderEdges(root)].sort())
      console.log(key, via.length, via.length <= 3 ? via.join(' | ') : '')
  }
  const problems = layerViolations(root)
  if (problems.length) {
    console.error(
      `Layer rule broken under ${path.relative(process.cwd(), root) || '.'}:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    )
    process.exit(1)
  }
}
