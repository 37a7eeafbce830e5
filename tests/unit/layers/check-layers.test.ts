import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { afterEach, describe, expect, it } from 'vitest'

const run = promisify(execFile)
const SCRIPT = join(import.meta.dirname, '../../../scripts/check-layers.mjs')

let root: string | null = null
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true })
  root = null
})

/** A tiny project from { 'src/folder/file.ts': source }; returns its src/. */
function fixture(files: Record<string, string>): string {
  root = mkdtempSync(join(tmpdir(), 'layers-'))
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), source)
  }
  return join(root, 'src')
}

/** The check as `npm run lint` runs it: exit code and what it printed. */
async function check(dir: string): Promise<{ code: number; stderr: string }> {
  try {
    const { stderr } = await run(process.execPath, [SCRIPT, dir])
    return { code: 0, stderr }
  } catch (e) {
    const failed = e as { code: number; stderr: string }
    return { code: failed.code, stderr: failed.stderr }
  }
}

describe('scripts/check-layers.mjs (the folder rule in npm run lint)', () => {
  it('passes folders that form layers', async () => {
    const dir = fixture({
      'src/core/errors.ts': 'export class BlogError extends Error {}\n',
      'src/posts/posts.ts':
        "import { BlogError } from '../core/errors.js'\nexport const fail = () => new BlogError()\n",
      'src/server/routes.ts': "import { fail } from '../posts/posts.js'\nexport const route = fail\n",
    })
    expect(await check(dir)).toEqual({ code: 0, stderr: '' })
  })

  it('fails on a cycle between two folders, a type-only import included', async () => {
    const dir = fixture({
      'src/text/words.ts': "import type { Citation } from '../export/cite.js'\nexport type Word = Citation | string\n",
      'src/export/cite.ts': "import type { Word } from '../text/words.js'\nexport interface Citation { key: Word }\n",
    })
    const { code, stderr } = await check(dir)
    expect(code).toBe(1)
    expect(stderr).toContain('folder cycle: export, text')
  })

  it('fails when an adapter imports the store, the kernel a domain folder, a domain the composition root, or the web client the store', async () => {
    const dir = fixture({
      'src/store/store.ts': 'export class Store {}\n',
      'src/dashboard/start.ts':
        "const { Store } = await import('../store/store.js')\nexport const open = () => new Store()\n",
      'src/core/blog.ts': "import { Store } from '../store/store.js'\nexport const store = new Store()\n",
      'src/app/blog.ts': 'export interface Blog { name: string }\n',
      'src/feeds/feeds.ts':
        "import type { Blog } from '../app/blog.js'\nexport const title = (blog: Blog) => blog.name\n",
      'web/main.ts': "import { Store } from '../src/store/store.js'\nexport const store = new Store()\n",
    })
    const { code, stderr } = await check(dir)
    expect(code).toBe(1)
    expect(stderr).toContain('adapter dashboard imports the store')
    expect(stderr).toContain('core is the ground floor but imports store')
    expect(stderr).toContain('feeds imports the composition root')
    expect(stderr).toContain('adapter web imports the store')
  })
})
