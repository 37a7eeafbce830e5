// The server-rendering entry as one file, made with rolldown (which Vite already brings) from
// tsc's output. Compiled as is, it imports lucide-react's index (thousands of icon modules, of
// which the site draws a few dozen) and radix-ui's, and loading them was most of the 2 s of CPU
// `blog serve` spent before it could answer (issue 24). Bundled, only what the pages use is
// there. Libraries with state the server shares with the entry (React, its DOM renderer, React
// Query, wouter) and zod and katex stay imports, so there is one copy of each in the process.
import { renameSync } from 'node:fs'
import { isBuiltin } from 'node:module'
import { fileURLToPath } from 'node:url'
import { rolldown } from 'rolldown'

const ENTRY = 'web/entry-server.js'
const SHARED = /^(react|react-dom|@tanstack\/react-query|wouter|zod|katex)(\/|$)/

/** Replaces the compiled server-rendering entry under `distNode` with a bundle of it and the UI code it uses. */
export async function bundleServerEntry(distNode) {
  const file = fileURLToPath(new URL(ENTRY, distNode))
  const staged = `${file}.bundle.tmp`
  const bundle = await rolldown({
    input: file,
    platform: 'node',
    logLevel: 'warn',
    // Stylesheets are the browser bundle's (a page imports one on demand there, never on the server).
    external: (id) => isBuiltin(id) || SHARED.test(id) || id.endsWith('.css'),
    // Radix and lucide mark their modules "use client" for React Server Components: meaningless here.
    onLog: (level, log, handler) => {
      if (log.code !== 'MODULE_LEVEL_DIRECTIVE') handler(level, log)
    },
  })
  try {
    await bundle.write({ file: staged, format: 'esm', codeSplitting: false })
  } finally {
    await bundle.close()
  }
  renameSync(staged, file)
}
