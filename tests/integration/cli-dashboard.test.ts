import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { execFileSync, spawnSync } from 'node:child_process'
import { chmodSync, cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createBlog } from '../../src/app/blog-with-store.js'
import { blog, blogServe, eventually } from '../helpers/cli.js'
import { fixtureSite } from '../helpers/blog.js'
import { blogInTerminal, hasTmux } from '../helpers/terminal.js'
import { projectRoot, tempDir } from '../helpers/temp-dir.js'
import { cliSourceMode } from '../helpers/cli-mode.js'

const tmp = tempDir('cli-dashboard-')
const data = join(tmp.path, 'data')
const needsTmux = 'needs tmux to run the dashboard in a pseudo-terminal; tmux is not installed'
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms))

beforeAll(async () => {
  const b = await createBlog({ dataDir: data, baseUrl: 'https://essays.example.org', env: {}, log: () => {} })
  await b.importer.importPaths([fixtureSite])
  await b.close()
})
afterAll(tmp.cleanup)

describe('blog dashboard in a terminal', () => {
  it('shows the panes and keys, follows other processes, publishes beside blog serve, opens, and quits with q', async (ctx) => {
    if (!hasTmux) ctx.skip(needsTmux)
    const server = await blogServe(['--port', '0', '--data', data])
    // The opener the dashboard runs (BROWSER) is a script that notes the address it was given.
    const opened = join(tmp.path, 'opened.txt')
    const browser = join(tmp.path, 'browser.sh')
    writeFileSync(browser, `#!/bin/sh\necho "$1" >> '${opened}'\n`)
    chmodSync(browser, 0o755)
    const term = blogInTerminal(['dashboard', '--data', data], {
      BROWSER: browser,
      BLOG_BASE_URL: 'https://essays.example.org',
    })
    try {
      const first = await term.waitFor(/Posts 3[\s\S]*q quit/)
      expect(first).toMatch(/Jobs 0 waiting or running/)
      expect(first).toMatch(/Subscribers: 0/)
      expect(first).toMatch(/draft\s+An Unfinished Draft/)

      // Another process imports an essay: it shows up without a key being pressed.
      const more = join(tmp.path, 'more')
      cpSync(fixtureSite, more, { recursive: true, filter: (p) => !p.endsWith('.md') })
      writeFileSync(
        join(more, 'arrived.md'),
        '---\ntitle: Arrived From Elsewhere\n---\n\nImported by another process.\n',
      )
      const imported = await blog(['import', more, '--data', data])
      expect(imported.code).toBe(0)
      await term.waitFor(/Posts 4[\s\S]*Arrived From Elsewhere/, 10_000)

      // Filter down to the draft and publish it.
      term.type('/')
      await term.waitFor(/Filter posts:/)
      await pause(200)
      term.type('unfinished')
      await term.waitFor(/1 of 4, filter "unfinished"/)
      term.press('Enter')
      // The filter prompt closes on Enter; a key typed before that would go into the filter.
      await term.waitFor(/^(?![\s\S]*Filter posts:)/)
      await pause(100)
      term.type('p')
      await term.waitFor(/"An Unfinished Draft" published\./)
      await eventually(async () => {
        const b = await createBlog({ dataDir: data, env: {}, log: () => {} })
        try {
          expect(b.store.postBySlug('an-unfinished-draft')?.status).toBe('published')
          // The other process's write was kept beside the dashboard's.
          expect(b.store.postBySlug('arrived-from-elsewhere')).toBeTruthy()
        } finally {
          await b.close()
        }
      })

      term.type('o')
      await term.waitFor(/Opened https:\/\/essays\.example\.org\/posts\/an-unfinished-draft/)
      await eventually(async () =>
        expect(existsSync(opened) && readFileSync(opened, 'utf8')).toBe(
          'https://essays.example.org/posts/an-unfinished-draft\n',
        ),
      )

      // The server on the same folder serves the post the dashboard published, and a
      // subscription made through its API reaches the dashboard.
      await eventually(async () => expect((await fetch(`${server.url}/posts/an-unfinished-draft`)).status).toBe(200))
      const subscribed = await fetch(`${server.url}/api/subscribe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'reader@example.org' }),
      })
      expect(subscribed.ok).toBe(true)
      await term.waitFor(/Subscribers: 1/, 10_000)

      term.type('?')
      await term.waitFor(/Keys \(any key closes this help\)/)
      term.type('x')
      await pause(300)
      term.type('q')
      const last = await term.waitFor(/\[exit \d+\]/)
      expect(last).toContain('[exit 0]')
    } finally {
      term.close()
      await server.stop()
    }
  }, 180_000)

  it('redraws for the new size when the terminal is resized', async (ctx) => {
    if (!hasTmux) ctx.skip(needsTmux)
    const term = resizableTerminal(['dashboard', '--data', data])
    const sideBySide = (screen: string) => screen.split('\n').some((l) => /Posts \d.*Jobs/.test(l))
    try {
      expect(sideBySide(await term.waitFor((s) => /q quit/.test(s)))).toBe(true)
      term.resize(70, 40)
      const narrow = await term.waitFor((s) => /Jobs/.test(s) && /q quit/.test(s) && !sideBySide(s))
      expect(Math.max(...narrow.split('\n').map((l) => l.trimEnd().length))).toBeLessThanOrEqual(70)
      term.keys('q')
      expect(await term.waitFor((s) => /\[exit \d+\]/.test(s))).toContain('[exit 0]')
    } finally {
      term.close()
    }
  }, 120_000)
})

/** The dashboard in a tmux pane of our own, which (unlike the shared helper's) can be resized. */
function resizableTerminal(args: string[]) {
  const socket = `scholia-dashboard-${process.pid}`
  const tmux = (...a: string[]) => execFileSync('tmux', ['-L', socket, '-f', '/dev/null', ...a], { encoding: 'utf8' })
  const quote = (v: string) => `'${v.replace(/'/g, `'\\''`)}'`
  const command = [
    'env',
    `SCHOLIA_SOURCE=${cliSourceMode()}`,
    quote(process.execPath),
    quote(join(projectRoot, 'bin', 'blog.js')),
    ...args.map(quote),
  ].join(' ')
  tmux(
    'new-session',
    '-d',
    '-s',
    'blog',
    '-x',
    '160',
    '-y',
    '40',
    '-c',
    projectRoot,
    `${command}; echo "[exit $?]"; sleep 600`,
  )
  const screen = () => tmux('capture-pane', '-p', '-t', 'blog')
  return {
    resize: (columns: number, rows: number) =>
      void tmux('resize-window', '-t', 'blog', '-x', String(columns), '-y', String(rows)),
    keys: (text: string) => void tmux('send-keys', '-t', 'blog', '-l', text),
    waitFor: async (test: (screen: string) => boolean, timeoutMs = 30_000) => {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const shown = screen()
        if (test(shown)) return shown
        if (Date.now() > deadline) throw new Error(`the terminal never showed what was expected; it shows:\n${shown}`)
        await pause(100)
      }
    },
    close: () => void spawnSync('tmux', ['-L', socket, 'kill-server'], { stdio: 'ignore' }),
  }
}
