import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { isBuiltin } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { BUNDLE_DIR, EXTERNAL, OPTIONAL_IMPORTS } from '../../scripts/bundle-node.mjs'

// `npm install scholia` brings only `dependencies`. The program runs from one bundle, dist/app
// (scripts/bundle-node.mjs), which carries the packages it uses; `dependencies` keeps only the
// few it cannot carry (issue 24: production install ≤ 80 MB). So nothing the installed package
// runs may import a package outside `dependencies`: this walks the built code from every entry a
// user starts (the CLI and the workers) and checks each package it reaches, and that
// `npm ci --omit=dev` installs nothing the bundle does not use.
const root = resolve(import.meta.dirname, '../..')
const bundle = join(root, BUNDLE_DIR)

// A bundled UMD module's `define(["exports"], …)` names these; they are not packages.
const AMD_NAMES = new Set(['exports', 'require', 'module'])

function packageName(specifier: string): string {
  const parts = specifier.split('/')
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!
}

/**
 * What `file` imports: statically, with a literal `import()`, or (bundled CommonJS) with
 * `__require("…")`, the bundler's form of a `require` left to run time. Read with TypeScript's
 * parser: never from comments or strings (a bundle is full of both).
 */
function importsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false, ts.ScriptKind.JS)
  const found: string[] = []
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier)) found.push(node.moduleSpecifier.text)
    } else if (ts.isCallExpression(node) && node.arguments.length === 1 && ts.isStringLiteral(node.arguments[0]!)) {
      const callee = node.expression
      const loads =
        callee.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isIdentifier(callee) && (callee.text === '__require' || callee.text === 'require'))
      if (loads) found.push(node.arguments[0].text)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

/** Every package the files reachable from `entries` import, and the files reached. */
function walk(entries: string[]): { packages: Map<string, string>; files: Set<string> } {
  const packages = new Map<string, string>()
  const files = new Set<string>()
  const queue = [...entries]
  while (queue.length) {
    const file = queue.pop()!
    if (files.has(file)) continue
    files.add(file)
    for (const specifier of importsOf(file)) {
      if (specifier.startsWith('.')) {
        const target = resolve(dirname(file), specifier)
        const candidates = [target, `${target}.js`, join(target, 'index.js')]
        const found = candidates.find((c) => c.endsWith('.js') && existsSync(c))
        if (found) queue.push(found)
      } else if (!isBuiltin(specifier) && !AMD_NAMES.has(specifier)) {
        if (!packages.has(packageName(specifier))) packages.set(packageName(specifier), file)
      }
    }
  }
  return { packages, files }
}

interface LockEntry {
  dev?: boolean
  devOptional?: boolean
  dependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
}

/** The lock's packages (by path) that `names` need, with what those need in turn, as Node resolves them. */
function lockClosure(lock: Record<string, LockEntry>, names: string[]): Set<string> {
  const needed = new Set<string>()
  const resolveFrom = (from: string, name: string): string | undefined => {
    for (let dir = from; ; dir = dir.slice(0, Math.max(0, dir.lastIndexOf('/node_modules/')))) {
      const path = `${dir ? `${dir}/` : ''}node_modules/${name}`
      if (path in lock) return path
      if (!dir) return undefined
    }
  }
  const queue = names.map((name) => resolveFrom('', name)).filter((path) => path !== undefined)
  while (queue.length) {
    const path = queue.pop()!
    if (needed.has(path)) continue
    needed.add(path)
    const entry = lock[path]!
    for (const name of Object.keys({
      ...entry.dependencies,
      ...entry.optionalDependencies,
      ...entry.peerDependencies,
    })) {
      const found = resolveFrom(path, name)
      if (found) queue.push(found)
    }
  }
  return needed
}

describe('the installed package', () => {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>
    devDependencies: Record<string, string>
  }
  const workers = existsSync(bundle) ? readdirSync(bundle).filter((name) => name.endsWith('-worker.js')) : []
  const entries = [join(root, 'bin/blog.js'), join(bundle, 'main.js'), ...workers.map((name) => join(bundle, name))]
  let walked: ReturnType<typeof walk> | undefined
  const reachedPackages = () => {
    expect(existsSync(join(bundle, 'main.js')), 'no bundle: run `npm run build` first').toBe(true)
    // One walk for both tests: parsing the whole bundle takes seconds.
    walked ??= walk(entries)
    const files = walked.files
    const packages = new Map(walked.packages)
    // The walk must see the real program, not an empty build: every file of the bundle is
    // reached (chunks loaded later included), and so is the image code that needs sharp.
    expect(workers).toEqual(expect.arrayContaining(['prepare-worker.js', 'password-worker.js']))
    const bundled = readdirSync(bundle).filter((name) => name.endsWith('.js'))
    expect(bundled.filter((name) => !files.has(join(bundle, name)))).toEqual([])
    expect(packages.has('sharp')).toBe(true)
    // bin/blog.js falls back to tsx only in a checkout without dist/ (a dev dependency by design).
    packages.delete('tsx')
    return packages
  }

  it('imports at run time only packages listed in dependencies', () => {
    const reached = reachedPackages()
    const undeclared = [...reached]
      .filter(([name]) => !(name in manifest.dependencies) && !(name in OPTIONAL_IMPORTS))
      .map(([name, file]) => `${name} (from ${file.slice(root.length + 1)})`)
    expect(undeclared).toEqual([])
    // A package optional at run time is neither installed nor declared: the path that imports it works without it.
    for (const name of Object.keys(OPTIONAL_IMPORTS)) {
      expect(manifest.dependencies).not.toHaveProperty(name)
      expect(manifest.devDependencies).not.toHaveProperty(name)
    }
  })

  it('declares as dependencies only what the bundle imports, and npm ci --omit=dev installs nothing else', () => {
    const reached = reachedPackages()
    const imported = [...reached.keys()].filter((name) => !(name in OPTIONAL_IMPORTS)).sort()
    expect(Object.keys(manifest.dependencies).sort()).toEqual(imported)
    expect(imported).toEqual([...EXTERNAL].sort())
    // The lock's packages not marked dev are what `npm ci --omit=dev` installs: each must be one
    // of those packages or what they need (sharp's and resvg's binaries for each platform).
    const lock = (
      JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> }
    ).packages
    const installed = Object.keys(lock).filter(
      (path) => path.startsWith('node_modules/') && !lock[path]!.dev && !lock[path]!.devOptional,
    )
    const needed = lockClosure(lock, imported)
    expect(installed.filter((path) => !needed.has(path))).toEqual([])
  })

  it('keeps the UI libraries out of the run-time dependencies: the server bundle carries what it draws', () => {
    for (const name of ['lucide-react', 'radix-ui']) {
      expect(manifest.dependencies).not.toHaveProperty(name)
      expect(manifest.devDependencies).toHaveProperty(name)
    }
  })
})
