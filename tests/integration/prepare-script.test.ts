import { spawnSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { projectRoot, tempDir } from '../helpers/temp-dir.js'

// Issue 23.17: bin/blog.js runs dist/ when it is built and needs tsx (a dev dependency) when it
// is not, so an install from git must build. npm runs the `prepare` script in its clone of a git
// dependency (with _PACOTE_NO_PREPARE_ set, dev dependencies installed) and for npm pack/publish;
// in a checkout, npm ci/npm install must not start the two-minute build. scripts/prepare.mjs
// runs here in a copy of the package whose build script only records that it ran and writes the
// CLI entry point the real build makes: the decision is what is tested, the build is npm test's.

const BUILT = join('dist', 'app', 'main.js')
const FAKE_BUILD = `import { mkdirSync, writeFileSync, appendFileSync } from 'node:fs'
mkdirSync('dist/app', { recursive: true })
writeFileSync('${BUILT}', 'console.log("built")\\n')
appendFileSync('builds.log', 'build\\n')
`

let copy: ReturnType<typeof tempDir> | undefined
afterEach(() => copy?.cleanup())

function packageCopy(tools: string[] = ['vite', 'typescript', 'rolldown']): string {
  copy = tempDir('prepare-')
  mkdirSync(join(copy.path, 'scripts'))
  copyFileSync(join(projectRoot, 'scripts', 'prepare.mjs'), join(copy.path, 'scripts', 'prepare.mjs'))
  writeFileSync(join(copy.path, 'scripts', 'build.mjs'), FAKE_BUILD)
  writeFileSync(join(copy.path, 'package.json'), JSON.stringify({ name: 'scholia', type: 'module' }))
  for (const tool of tools) {
    mkdirSync(join(copy.path, 'node_modules', tool), { recursive: true })
    writeFileSync(join(copy.path, 'node_modules', tool, 'package.json'), JSON.stringify({ name: tool }))
  }
  return copy.path
}

/** Runs the prepare script as npm would, with only the npm variables given. */
function prepare(dir: string, npm: Record<string, string>) {
  const env: NodeJS.ProcessEnv = { ...process.env }
  delete env._PACOTE_NO_PREPARE_
  delete env.npm_command
  return spawnSync(process.execPath, [join(dir, 'scripts', 'prepare.mjs')], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...env, ...npm },
  })
}

const builds = (dir: string) =>
  existsSync(join(dir, 'builds.log')) ? readFileSync(join(dir, 'builds.log'), 'utf8').split('\n').filter(Boolean) : []

describe('the prepare script', () => {
  it('builds the package in npm’s clone of a git dependency, whose installed copy has no tsx to run sources', () => {
    const dir = packageCopy()
    const run = prepare(dir, { npm_command: 'install', _PACOTE_NO_PREPARE_: 'git+ssh://git@github.com/o/scholia.git' })
    expect(run.status).toBe(0)
    expect(builds(dir)).toHaveLength(1)
    expect(existsSync(join(dir, BUILT))).toBe(true)
  })

  it('builds for npm pack and npm publish, once: an existing build is kept', () => {
    const dir = packageCopy()
    expect(prepare(dir, { npm_command: 'pack' }).status).toBe(0)
    expect(prepare(dir, { npm_command: 'publish' }).status).toBe(0)
    expect(builds(dir)).toHaveLength(1)
  })

  it('does nothing in a checkout’s npm ci or npm install', () => {
    const dir = packageCopy()
    for (const command of ['ci', 'install']) expect(prepare(dir, { npm_command: command }).status).toBe(0)
    expect(builds(dir)).toEqual([])
    expect(existsSync(join(dir, 'dist'))).toBe(false)
  })

  it('fails, saying why, when the build tools are missing, rather than packing a package with no dist/', () => {
    const dir = packageCopy(['typescript'])
    const run = prepare(dir, { npm_command: 'pack' })
    expect(run.status).toBe(1)
    expect(run.stderr).toContain('cannot build without the dev dependencies (vite, rolldown missing)')
    expect(builds(dir)).toEqual([])
  })
})
