import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { isBuiltin } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

// `npm install scholia` brings only `dependencies`. The UI libraries (lucide-react, radix-ui) are
// bundled into the server-rendering entry at build time and live in devDependencies (issue 24:
// production install ≤ 80 MB), so nothing the installed package runs may import a dev-only
// package: this walks the compiled code from every entry a user starts (the CLI and the workers)
// and checks each package it reaches.
const root = resolve(import.meta.dirname, '../..')
const dist = join(root, 'dist/node')

// A bundled UMD module's `define(["exports"], …)` names these; they are not packages.
const AMD_NAMES = new Set(['exports', 'require', 'module'])

function packageName(specifier: string): string {
  const parts = specifier.split('/')
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!
}

function workerEntries(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('-worker.js'))
    .map((entry) => join(entry.parentPath, entry.name))
}

/** Every package the files reachable from `entries` import, statically or with a literal `import()`. */
function packagesReachedFrom(entries: string[]): Map<string, string> {
  const reached = new Map<string, string>()
  const seen = new Set<string>()
  const queue = [...entries]
  while (queue.length) {
    const file = queue.pop()!
    if (seen.has(file)) continue
    seen.add(file)
    // TypeScript's pre-processor reads imports as a parser does: never from comments or strings.
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
    for (const { fileName: specifier } of importedFiles) {
      if (specifier.startsWith('.')) {
        const target = resolve(dirname(file), specifier)
        const candidates = [target, `${target}.js`, join(target, 'index.js')]
        const found = candidates.find((c) => c.endsWith('.js') && existsSync(c))
        if (found) queue.push(found)
      } else if (!isBuiltin(specifier) && !AMD_NAMES.has(specifier)) {
        if (!reached.has(packageName(specifier))) reached.set(packageName(specifier), file)
      }
    }
  }
  return reached
}

describe('the installed package', () => {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>
    devDependencies: Record<string, string>
  }

  it('imports at run time only packages listed in dependencies', () => {
    const entries = [join(root, 'bin/blog.js'), join(dist, 'src/cli/main.js'), ...workerEntries(join(dist, 'src'))]
    const reached = packagesReachedFrom(entries)
    // The walk must see the real program, not an empty build.
    expect(reached.has('express')).toBe(true)
    expect(reached.has('react-dom')).toBe(true)
    // bin/blog.js falls back to tsx only in a checkout without dist/ (a dev dependency by design).
    reached.delete('tsx')
    const undeclared = [...reached]
      .filter(([name]) => !(name in manifest.dependencies))
      .map(([name, file]) => `${name} (from ${file.slice(root.length + 1)})`)
    expect(undeclared).toEqual([])
  })

  it('keeps the UI libraries out of the run-time dependencies: the server bundle carries what it draws', () => {
    for (const name of ['lucide-react', 'radix-ui']) {
      expect(manifest.dependencies).not.toHaveProperty(name)
      expect(manifest.devDependencies).toHaveProperty(name)
    }
  })
})
