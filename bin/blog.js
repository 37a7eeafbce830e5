#!/usr/bin/env node
// Runs the built program (dist/app, one bundle with the packages it uses: scripts/bundle-node.mjs)
// when the package is built; in a source checkout (or with SCHOLIA_SOURCE=1) it runs the
// TypeScript directly through tsx, a dev dependency.
import { existsSync } from 'node:fs'

const built = new URL('../dist/app/main.js', import.meta.url)
if (process.env.SCHOLIA_SOURCE !== '1' && existsSync(built)) {
  // React and Express pick their production code by NODE_ENV: unset, a published site would
  // render every page with React's development build (slower, with checks meant for authors).
  process.env.NODE_ENV ??= 'production'
  await import(built.href)
} else {
  let tsx
  try {
    tsx = await import('tsx/esm/api')
  } catch (error) {
    if (error?.code !== 'ERR_MODULE_NOT_FOUND') throw error
    const root = decodeURIComponent(new URL('..', import.meta.url).pathname)
    console.error(
      `blog: Scholia in ${root} is not built (no dist/), and tsx, which would run its sources, is not installed.\n` +
        `  In a checkout: npm install && npm run build\n` +
        `  From git: npm installs it with its build (the prepare script) unless scripts are turned off (--ignore-scripts).`,
    )
    process.exit(1)
  }
  tsx.register()
  await import(new URL('../src/cli/main.ts', import.meta.url).href)
}
