import { describe, it, expect, afterAll } from 'vitest'
import { cpSync, writeFileSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { spawn } from 'node:child_process'
import { blog, blogServe, eventually } from '../helpers/cli.js'
import { fixtureSite } from '../helpers/blog.js'
import { projectRoot, tempDir } from '../helpers/temp-dir.js'
import { cliSourceMode } from '../helpers/cli-mode.js'

const tmp = tempDir('cli-')
afterAll(tmp.cleanup)

const COMMANDS = ['serve', 'import', 'generate', 'export', 'build', 'dashboard', 'admin']

describe('blog --help', () => {
  it('lists every command with one line each', async () => {
    const { code, stdout } = await blog(['--help'])
    expect(code).toBe(0)
    for (const name of COMMANDS) expect(stdout).toMatch(new RegExp(`^\\s+${name}\\b.*\\S`, 'm'))
  })

  it('gives each command its own --help', async () => {
    for (const name of COMMANDS) {
      const { code, stdout } = await blog([name, '--help'])
      expect(code, name).toBe(0)
      expect(stdout).toContain(`Usage: blog ${name}`)
    }
  })

  it('prints the dashboard once and exits 0 when the output is not a terminal', async () => {
    const data = join(tmp.path, 'dashboard')
    const { code, stderr, stdout } = await blog(['dashboard', '--data', data])
    expect(stderr).toBe('')
    expect(code).toBe(0)
    expect(stdout).toContain('Posts: 0 (0 published, 0 drafts, 0 featured)')
    expect(stdout).toContain('Subscribers: 0')
  })

  it('exits 2 on a usage error in a subcommand, naming the problem', async () => {
    const missing = await blog(['export'])
    expect(missing.code).toBe(2)
    expect(missing.stderr).toMatch(/required option '--arxiv <slug>' not specified/)
    const noPaths = await blog(['import'])
    expect(noPaths.code).toBe(2)
    expect(noPaths.stderr).toMatch(/missing required argument 'paths'/)
  })

  it('ends quietly when its reader closes the pipe early (blog … | head)', async () => {
    const child = spawn(process.execPath, [join(projectRoot, 'bin', 'blog.js'), '--help'], {
      env: { ...process.env, SCHOLIA_SOURCE: cliSourceMode() },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child.stdout.destroy()
    let stderr = ''
    child.stderr.on('data', (d: Buffer) => (stderr += d))
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
    expect(stderr).not.toMatch(/EPIPE|Error/)
    expect(code).toBe(0)
  })
})

describe('blog import', () => {
  const data = join(tmp.path, 'data')
  const essays = join(tmp.path, 'essays')
  cpSync(fixtureSite, essays, { recursive: true })

  it('imports a folder, prints a line per file and a summary', async () => {
    const { code, stdout } = await blog(['import', essays, '--data', data])
    expect(code).toBe(0)
    expect(stdout).toMatch(/imported\s+.*gaussian-integral\.md → \/posts\/the-gaussian-integral-three-ways/)
    expect(stdout).toContain('3 files: 3 imported, 0 updated, 0 unchanged, 0 failed')
    // the two essays dated 2025 are back-catalogue: the owner is told why no alert goes out (issue 40)
    expect(stdout).toContain(
      'ℹ 2 new posts are dated more than 30 days ago: they are listed by their dates, not as the newest posts, ' +
        'and subscribers get no new-post alert for them.',
    )
  })

  it('skips unchanged files and updates a changed one, with --json', async () => {
    const file = join(essays, 'on-notation.md')
    writeFileSync(file, readFileSync(file, 'utf8') + '\nA new closing paragraph.\n')
    const { code, stdout } = await blog(['import', essays, '--data', data, '--json'])
    expect(code).toBe(0)
    const report = JSON.parse(stdout)
    expect(report.summary).toEqual({ imported: 0, updated: 1, unchanged: 2, failed: 0 })
    expect(report.files.find((f: { path: string }) => f.path === file)).toEqual({
      path: file,
      status: 'updated',
      slug: 'on-notation',
      error: null,
      warnings: [],
    })
  })

  it('reports a bad file, still imports the rest, and exits 1', async () => {
    const mixed = join(tmp.path, 'mixed')
    cpSync(fixtureSite, mixed, { recursive: true })
    writeFileSync(join(mixed, 'binary.md'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d, 0, 1, 2, 3]))
    writeFileSync(join(mixed, 'latin1.md'), Buffer.from('# Caf\xe9\n\nna\xefve text', 'latin1'))
    writeFileSync(join(mixed, 'empty.md'), '')
    const { code, stdout } = await blog(['import', mixed, '--data', join(tmp.path, 'data-mixed'), '--json'])
    expect(code).toBe(1)
    const report = JSON.parse(stdout)
    expect(report.summary).toEqual({ imported: 3, updated: 0, unchanged: 0, failed: 3 })
    const failed = Object.fromEntries(
      report.files
        .filter((f: { status: string }) => f.status === 'failed')
        .map((f: { path: string; error: string }) => [f.path.split('/').pop(), f.error]),
    )
    expect(failed['binary.md']).toMatch(/binary/i)
    expect(failed['latin1.md']).toMatch(/UTF-8/)
    expect(failed['empty.md']).toMatch(/empty/i)
  })

  it('fails clearly for a path that does not exist', async () => {
    const { code, stdout } = await blog(['import', join(tmp.path, 'missing-folder'), '--data', data])
    expect(code).toBe(1)
    expect(stdout).toMatch(/No such file or folder/)
  })
})

describe('blog serve beside blog import', () => {
  it('shows posts imported by another process without a restart', async () => {
    const data = join(tmp.path, 'served')
    const server = await blogServe(['--port', '0', '--data', data])
    try {
      const before = (await (await fetch(`${server.url}/api/posts`)).json()) as unknown[]
      expect(before).toEqual([])
      const result = await blog(['import', fixtureSite, '--data', data])
      expect(result.code).toBe(0)
      await eventually(async () => {
        const posts = (await (await fetch(`${server.url}/api/posts`)).json()) as { slug: string }[]
        expect(posts.map((p) => p.slug)).toContain('the-gaussian-integral-three-ways')
      })
      const page = await (await fetch(`${server.url}/posts/on-notation`)).text()
      expect(page).toContain('Symbols as tools')
    } finally {
      await server.stop()
    }
  }, 60_000)
})

describe('blog serve --watch', () => {
  it('imports the folder at start and publishes an essay that lands in it', async () => {
    const watched = join(tmp.path, 'watched')
    cpSync(fixtureSite, watched, { recursive: true })
    const server = await blogServe(['--port', '0', '--data', join(tmp.path, 'watch-data'), '--watch', watched])
    try {
      await eventually(async () => {
        const posts = (await (await fetch(`${server.url}/api/posts`)).json()) as { slug: string }[]
        expect(posts).toHaveLength(2)
      }, 20_000)
      writeFileSync(join(watched, 'fresh.md'), '---\ntitle: Freshly Landed\n---\n\nWritten while the server ran.\n')
      await eventually(async () => {
        const res = await fetch(`${server.url}/posts/freshly-landed`)
        expect(res.status).toBe(200)
      }, 20_000)
    } finally {
      await server.stop()
    }
  }, 90_000)
})
