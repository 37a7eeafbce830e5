// The Node side of `blog` as one bundle (issue 24: production install ≤ 80 MB), made with
// rolldown (which Vite already brings) straight from the TypeScript sources (its own transform
// strips the types, as `isolatedModules` guarantees it can; `npm run typecheck` checks them, and
// no tsc emit step is spent on every build): the CLI and every worker-thread entry,
// with the packages they use inside, so that `npm install scholia` needs only the few packages
// that cannot be bundled (see EXTERNAL). Lazily imported parts (the AI provider, the arXiv writer,
// resvg, ink for the dashboard, the markdown pipeline on the main thread) stay chunks loaded when
// first used. Entries and chunks are written flat in one folder: a worker is started as
// `new URL('./x-worker.js', import.meta.url)` from whichever chunk its caller landed in, and that
// address is right from every chunk of the folder. One graph for the whole process also makes one
// copy of React, which the server and the server-rendering code must share.
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { basename, dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { rolldown } from 'rolldown'
import ts from 'typescript'

/** Where `bin/blog.js` finds the program, relative to the package root. */
export const BUNDLE_DIR = 'dist/app'
/** The CLI's entry. */
const CLI_ENTRY = 'src/cli/main.ts'

/**
 * The only packages left as imports, so the only run-time `dependencies`: each loads a native
 * binary (`.node`) from its own files, which a bundle cannot carry.
 */
export const EXTERNAL = ['sharp', '@resvg/resvg-js']
/**
 * Packages the bundled code may import and that are not installed, each on a path that works
 * without it, by what takes that path. Left as imports, so that the path behaves as unbundled.
 */
export const OPTIONAL_IMPORTS = {
  // Ink imports the React DevTools client only when DEV=true, and says then that it is missing.
  'react-devtools-core': 'Ink, with DEV=true only',
  // ws (Ink's DevTools connection, DEV=true only) requires its native helpers in a try.
  bufferutil: 'ws, when installed',
  'utf-8-validate': 'ws, when installed',
  // elkjs (Mermaid's layout, in the diagram thread) requires it only when given a worker URL,
  // after checking it resolves; beautiful-mermaid lays out on the calling thread and never does.
  'web-worker': 'elkjs, with a workerUrl only',
}

const external = new RegExp(`^(${[...EXTERNAL, ...Object.keys(OPTIONAL_IMPORTS)].join('|')})(/|$)`)
const builtins = new Set(builtinModules)
const isBuiltin = (id) => id.startsWith('node:') || builtins.has(id) || builtins.has(id.split('/')[0])

/** How a module starts a worker thread: `new URL('./x-worker', import.meta.url)`, `.js` or not. */
const WORKER_URL = /^\.\.?\/[^"']*-worker(\.js)?$/

/** The relative addresses `code` hands to `new URL(…, import.meta.url)`, read by TypeScript's parser (never from comments). */
function urlsFromModule(file, code) {
  const found = []
  const visit = (node) => {
    if (
      ts.isNewExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'URL' &&
      node.arguments?.length === 2 &&
      ts.isStringLiteral(node.arguments[0]) &&
      node.arguments[1].getText() === 'import.meta.url'
    )
      found.push(node.arguments[0].text)
    ts.forEachChild(node, visit)
  }
  visit(
    ts.createSourceFile(
      file,
      code,
      ts.ScriptTarget.Latest,
      true,
      file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
    ),
  )
  return found
}

/**
 * Every worker-thread entry of the program under `dir` (its TypeScript sources): each module named
 * in a `new URL('./x-worker', import.meta.url)`, found where it is named, so a new worker cannot
 * be left out of the bundle.
 */
export function workerEntries(dir) {
  const found = new Set()
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || entry.name.endsWith('.d.ts')) continue
    const file = join(entry.parentPath, entry.name)
    const code = readFileSync(file, 'utf8')
    if (!code.includes('-worker')) continue
    for (const address of urlsFromModule(file, code)) {
      if (!WORKER_URL.test(address)) continue
      const worker = resolve(dirname(file), `${address.replace(/\.js$/, '')}.ts`)
      if (!existsSync(worker)) throw new Error(`${file} starts a worker from ${address}, which is not there.`)
      found.add(worker)
    }
  }
  return [...found].sort()
}

/**
 * Ink reads its own package.json, as `../package.json` from its module, when DEV=true (for React
 * DevTools): from the bundle that file is not there. Its name and version are written in instead.
 */
function inkPackageJson() {
  const read = /\b\w+\.readFileSync\(new URL\(["']\.\.\/package\.json["'], import\.meta\.url\), ["']utf8["']\)/
  return {
    name: 'scholia:ink-package-json',
    transform: {
      filter: { id: /[/\\]node_modules[/\\]ink[/\\]build[/\\]reconciler\.js$/ },
      handler(code, id) {
        if (!read.test(code))
          throw new Error(`${id} no longer reads its package.json as expected: check it from the bundle.`)
        const { name, version } = JSON.parse(readFileSync(new URL('../package.json', pathToFileURL(id)), 'utf8'))
        return { code: code.replace(read, JSON.stringify(JSON.stringify({ name, version }))), map: null }
      },
    },
  }
}

/**
 * unist-util-visit-parents names each visit function after its node (`node (element<p>)`), for
 * stack traces while debugging a plugin: an `Object.defineProperty` and a string for every node
 * every plugin visits, measured at 2-3 % of an import's render CPU with the garbage it leaves.
 * The bundle leaves the name out; nothing reads it.
 */
function visitWithoutNames() {
  const naming =
    /\n {4}if \(typeof value\.type === 'string'\) \{\n[\s\S]*?Object\.defineProperty\(visit, 'name', \{[\s\S]*?\n {6}\}\)\n {4}\}\n/
  return {
    name: 'scholia:visit-without-names',
    transform: {
      filter: { id: /[/\\]node_modules[/\\]unist-util-visit-parents[/\\]lib[/\\]index\.js$/ },
      handler(code, id) {
        if (naming.test(code)) return { code: code.replace(naming, '\n'), map: null }
        // An older copy nested under another package (the MyST parser's unified 10 tree) names
        // its functions another way and runs on MyST documents only: it is left as it is.
        if (/[/\\]node_modules[/\\][^/\\]+[/\\]node_modules[/\\]/.test(id)) return null
        throw new Error(`${id} no longer names its visit functions as expected: check it.`)
      },
    },
  }
}

/**
 * Bundles the program whose sources are under `root` (`src/`, and `web/` for server rendering)
 * into `outDir`: `main.js` (the CLI), one `<name>-worker.js` per worker entry, and the chunks they
 * share or load later.
 */
export async function bundleNode(root, outDir) {
  const input = { main: fileURLToPath(new URL(CLI_ENTRY, root)) }
  for (const file of [
    ...workerEntries(fileURLToPath(new URL('src/', root))),
    ...workerEntries(fileURLToPath(new URL('web/', root))),
  ]) {
    const name = basename(file, '.ts')
    // A worker is found by its file name next to its caller: two of one name cannot share the folder.
    if (name in input) throw new Error(`Two worker entries are named ${name}.js; the bundle folder is flat.`)
    input[name] = file
  }
  const dir = fileURLToPath(outDir)
  rmSync(dir, { recursive: true, force: true })
  const bundle = await rolldown({
    input,
    platform: 'node',
    logLevel: 'warn',
    // The sources import each other as `./x.js` (NodeNext): that is the `.ts` or `.tsx` beside it.
    resolve: { extensionAlias: { '.js': ['.ts', '.tsx', '.js'] } },
    tsconfig: fileURLToPath(new URL('tsconfig.json', root)),
    transform: { jsx: 'react-jsx', target: 'es2022' },
    plugins: [inkPackageJson(), visitWithoutNames()],
    // Stylesheets are the browser bundle's (a page imports one on demand there, never on the server).
    external: (id) => isBuiltin(id) || external.test(id) || id.endsWith('.css'),
    onLog: (level, log, handler) => {
      // Radix and lucide mark their modules "use client" for React Server Components: meaningless here.
      if (log.code === 'MODULE_LEVEL_DIRECTIVE') return
      // The static site's search is imported on demand in the browser; the build, on Node, needs it at once.
      if (log.code === 'INEFFECTIVE_DYNAMIC_IMPORT' && /web[/\\]static[/\\]search\.tsx?/.test(log.message)) return
      // A package the bundle cannot find would be an import of a package the install does not have.
      if (log.code === 'UNRESOLVED_IMPORT') return handler('error', log)
      handler(level, log)
    },
  })
  try {
    await bundle.write({
      dir,
      format: 'esm',
      entryFileNames: '[name].js',
      chunkFileNames: '[name]-[hash].js',
    })
  } finally {
    await bundle.close()
  }
  return Object.keys(input)
}
