// npm start: builds when the sources changed since the last build (not on every start: a
// newcomer's second start serves at once), then serves the site with the sample essays watched.
// Arguments after `npm start --` go to `blog serve` (`npm start -- --port 8080`).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { BUILT_STAMP, BUILD_INPUTS } from './build-inputs.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))

/** The newest modification time under `path` (a file or a folder), in ms; 0 when it is missing. */
function newest(path) {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  let latest = stat.mtimeMs
  for (const name of readdirSync(path)) latest = Math.max(latest, newest(join(path, name)))
  return latest
}

const stamp = join(root, BUILT_STAMP)
const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0
if (BUILD_INPUTS.some((input) => newest(join(root, input)) > builtAt)) {
  const build = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], { cwd: root, stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
} else {
  console.log('✓ the build is up to date with the sources')
}

const serve = spawn(
  process.execPath,
  [join(root, 'bin', 'blog.js'), 'serve', '--watch', 'data/essays', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
)
// Ctrl-C reaches both processes (one terminal group); a `kill` of this one is passed on.
for (const signal of ['SIGTERM', 'SIGHUP']) process.on(signal, () => serve.kill(signal))
serve.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
