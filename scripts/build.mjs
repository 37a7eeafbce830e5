// Build everything `blog` runs from: the browser bundle (Vite, hashed assets + manifest) and the
// Node side (one rolldown bundle of the CLI, the server, the workers and the React app for
// server-side rendering, from the TypeScript sources, with the packages they use:
// scripts/bundle-node.mjs). Types are `npm run typecheck`'s business, not the build's.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompress, constants, gzipSync } from 'node:zlib'
import { promisify } from 'node:util'
import { fileURLToPath } from 'node:url'
import { build as viteBuild } from 'vite'
import { BUNDLE_DIR, bundleNode } from './bundle-node.mjs'
import { BUILT_STAMP } from './build-inputs.mjs'
import { planClientChunks } from './client-chunks.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true })
// The client: vite.config.ts, cut into files as scripts/client-chunks.mjs plans.
const viteStarted = Date.now()
const viteConfig = fileURLToPath(new URL('../vite.config.ts', import.meta.url))
const codeSplitting = await planClientChunks(viteConfig, root)
// SCHOLIA_PROFILE_BUILD=1: readable bundles with source maps, to find which module a browser
// CPU profile's time belongs to. Never for publishing.
const profiling = process.env.SCHOLIA_PROFILE_BUILD === '1'
await viteBuild({
  configFile: viteConfig,
  root,
  logLevel: 'warn',
  build: { sourcemap: profiling, minify: !profiling, rollupOptions: { output: { codeSplitting } } },
})
console.log(`✓ vite build (${((Date.now() - viteStarted) / 1000).toFixed(1)} s)`)
const bundleStarted = Date.now()
const entries = await bundleNode(new URL('../', import.meta.url), new URL(`../${BUNDLE_DIR}/`, import.meta.url))
console.log(`✓ ${BUNDLE_DIR}: ${entries.join(', ')} (${((Date.now() - bundleStarted) / 1000).toFixed(1)} s)`)
// The stylesheets' index for inlining each page's critical styles, made once here rather than
// by every `blog serve` as it starts (src/server/ssr/client-assets.ts), read from its source.
const { tsImport } = await import('tsx/esm/api')
const { saveCriticalIndex } = await tsImport('../src/server/ssr/client-assets.ts', import.meta.url)
if (saveCriticalIndex(fileURLToPath(new URL('../dist/client', import.meta.url))))
  console.log('✓ critical styles indexed')

// Scripts, styles and fonts' metrics go out compressed: brotli and gzip copies made once here,
// which the server sends by the reader's Accept-Encoding (express-static-gzip), rather than
// compressing on every request. Fonts (woff2) are compressed already.
const assets = fileURLToPath(new URL('../dist/client/assets', import.meta.url))
const brotli = promisify(brotliCompress)
const packing = []
for (const name of readdirSync(assets)) {
  if (!/\.(js|css|svg|json|map|txt)$/.test(name)) continue
  const bytes = readFileSync(join(assets, name))
  if (bytes.length < 1024) continue
  writeFileSync(join(assets, `${name}.gz`), gzipSync(bytes, { level: 9 }))
  // Brotli at its best quality is the slow part (1.5 s for the 30 files): on libuv's threads, all cores at once.
  packing.push(
    brotli(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }).then((packed) => writeFileSync(join(assets, `${name}.br`), packed)),
  )
}
await Promise.all(packing)
const packed = packing.length
console.log(`✓ ${packed} assets precompressed (br, gz)`)
// Last: `npm start` compares the sources with this file's time (scripts/start.mjs).
writeFileSync(fileURLToPath(new URL(`../${BUILT_STAMP}`, import.meta.url)), `${new Date().toISOString()}\n`)
