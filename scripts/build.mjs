// Build everything `blog` runs from: the browser bundle (Vite, hashed assets + manifest) and the
// Node side (tsc: CLI, server, core, and the React app for server-side rendering).
import { spawnSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const run = (cmd, args) => {
  const started = Date.now()
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
  console.log(`✓ ${[cmd, ...args].join(' ')} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
}

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true })
run(process.execPath, [fileURLToPath(new URL('../node_modules/vite/bin/vite.js', import.meta.url)), 'build', '--logLevel', 'warn'])
run(process.execPath, [fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url)), '-p', 'tsconfig.build.json'])
