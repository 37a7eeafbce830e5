import { afterAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { blog } from '../helpers/cli.js'
import { fixtureSite } from '../helpers/blog.js'
import { blogInTerminal, hasTmux } from '../helpers/terminal.js'
import { tempDir } from '../helpers/temp-dir.js'

const tmp = tempDir('cli-progress-')
afterAll(tmp.cleanup)

const needsTmux = 'needs tmux to run the command in a pseudo-terminal; tmux is not installed'
const offline = { OPENAI_API_KEY: '', BLOG_AI_PROVIDER: '' }
const BAR = /\[[#-]{20}\] \d+\/\d+/

describe('progress of blog import and blog generate', () => {
  it('draws a progress bar in a terminal and leaves it finished', async (ctx) => {
    if (!hasTmux) ctx.skip(needsTmux)
    const term = blogInTerminal(['import', fixtureSite, '--data', join(tmp.path, 'tty')])
    try {
      const screen = await term.waitFor(/\[exit \d+\]/)
      expect(screen).toContain('[exit 0]')
      expect(screen).toContain(`[${'#'.repeat(20)}] 3/3  done`)
      expect(screen).toMatch(/\+ imported\s+.*on-notation\.md → \/posts\/on-notation/)
      expect(screen).toContain('3 files: 3 imported, 0 updated, 0 unchanged, 0 failed')
    } finally {
      term.close()
    }
  })

  it('shows a bar for blog generate in a terminal and ends with its summary', async (ctx) => {
    if (!hasTmux) ctx.skip(needsTmux)
    const data = join(tmp.path, 'tty-generate')
    expect((await blog(['import', fixtureSite, '--data', data])).code).toBe(0)
    const term = blogInTerminal(['generate', '--all', '--summary', '--data', data], offline)
    try {
      const screen = await term.waitFor(/\[exit \d+\]/)
      expect(screen).toContain('[exit 0]')
      expect(screen).toContain(`[${'#'.repeat(20)}] 3/3  done`)
      expect(screen).toContain('3 done, 0 failed (provider: local)')
    } finally {
      term.close()
    }
  })

  it('prints plain lines, no bar, when the output is piped, and nothing but JSON with --json', async () => {
    const data = join(tmp.path, 'piped')
    const piped = await blog(['import', fixtureSite, '--data', data])
    expect(piped.code).toBe(0)
    expect(piped.stdout + piped.stderr).not.toMatch(BAR)
    expect(piped.stdout).toMatch(/^\+ imported\s+.*gaussian-integral\.md/m)
    const json = await blog(['import', fixtureSite, '--data', data, '--json'])
    expect(json.stderr).toBe('')
    expect(JSON.parse(json.stdout).summary).toEqual({ imported: 0, updated: 0, unchanged: 3, failed: 0 })
  })
})
