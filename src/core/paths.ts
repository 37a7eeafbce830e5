import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The installed package's root, found from this file whether it runs from src/ or dist/. */
export const packageRoot: string = (() => {
  let dir = dirname(fileURLToPath(import.meta.url))
  for (;;) {
    const pkg = join(dir, 'package.json')
    if (existsSync(pkg) && (JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string }).name === 'scholia') return dir
    const parent = dirname(dir)
    if (parent === dir) throw new Error('Could not find the scholia package root')
    dir = parent
  }
})()

export const clientDistDir = join(packageRoot, 'dist', 'client')
