#!/usr/bin/env node
// Runs the compiled CLI when the package is built; in a source checkout (or with
// SCHOLIA_SOURCE=1) it runs the TypeScript directly through tsx.
import { existsSync } from 'node:fs'

const built = new URL('../dist/node/src/cli/main.js', import.meta.url)
if (process.env.SCHOLIA_SOURCE !== '1' && existsSync(built)) {
  await import(built.href)
} else {
  const { register } = await import('tsx/esm/api')
  register()
  await import(new URL('../src/cli/main.ts', import.meta.url).href)
}
