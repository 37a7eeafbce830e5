import { spawnSync } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { projectRoot } from '../helpers/temp-dir.js'

describe('bin/blog.js in a copy with neither a build nor tsx', () => {
  it('says what to do instead of failing on a missing module', () => {
    // outside the project, so that module resolution cannot find the checkout's tsx
    const copy = mkdtempSync(join(tmpdir(), 'scholia-unbuilt-'))
    try {
      cpSync(join(projectRoot, 'bin'), join(copy, 'bin'), { recursive: true })
      writeFileSync(join(copy, 'package.json'), JSON.stringify({ name: 'scholia', type: 'module' }))
      const run = spawnSync(process.execPath, [join(copy, 'bin', 'blog.js'), '--help'], {
        encoding: 'utf8',
        env: { ...process.env, SCHOLIA_SOURCE: '' },
      })
      expect(run.status).toBe(1)
      expect(run.stderr).toContain(
        `Scholia in ${copy}/ is not built (no dist/), and tsx, which would run its sources, is not installed.`,
      )
      expect(run.stderr).toContain('npm install && npm run build')
      expect(run.stderr).not.toContain('ERR_MODULE_NOT_FOUND')
    } finally {
      rmSync(copy, { recursive: true, force: true })
    }
  })
})
