// npm's `prepare`: builds the package when npm prepares it for use elsewhere and it has no build
// yet. That is what makes an install from git work (`npm install github:OWNER/scholia`): npm
// clones the repository, installs its dev dependencies there with `npm install` (which runs
// this), packs the package's `files` (dist/ included) and installs that, without tsx to run the
// sources. Likewise `npm pack` and `npm publish`.
// In a checkout it does nothing: `npm ci`/`npm install` there must not start a two-minute build
// (`npm start` and `npm test` build anyway), and bin/blog.js runs the sources through tsx.
import { existsSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const built = existsSync(new URL('../dist/app/main.js', import.meta.url))
// npm sets _PACOTE_NO_PREPARE_ for the `npm install` it runs in its clone of a git dependency.
const forElsewhere =
  process.env._PACOTE_NO_PREPARE_ !== undefined || ['pack', 'publish'].includes(process.env.npm_command ?? '')
if (built || !forElsewhere) process.exit(0)

const tools = ['vite', 'typescript', 'rolldown'].filter(
  (name) => !existsSync(new URL(`../node_modules/${name}/package.json`, import.meta.url)),
)
if (tools.length) {
  console.error(
    `scholia: cannot build without the dev dependencies (${tools.join(', ')} missing); the package would have no dist/.`,
  )
  process.exit(1)
}
const result = spawnSync(process.execPath, ['scripts/build.mjs'], {
  cwd: fileURLToPath(new URL('..', import.meta.url)),
  stdio: 'inherit',
})
process.exit(result.status ?? 1)
