import { describe, it, expect } from 'vitest'
import { cpSync, existsSync } from 'node:fs'
import { join } from 'node:path'
import { blogServe } from '../helpers/cli.js'
import { servingUrl } from '../../src/core/serving-record.js'
import { fixtureSite } from '../helpers/blog.js'
import { tempDir } from '../helpers/temp-dir.js'

// Issue 23.15: `blog serve --watch` says how many posts it serves only once the watched folder
// is imported, never "serving 0 posts" first.

describe('blog serve --watch', () => {
  it('imports the folder first, then says how many posts it serves, then that it watches', async () => {
    const tmp = tempDir('serve-watch-')
    const essays = join(tmp.path, 'essays')
    cpSync(fixtureSite, essays, { recursive: true })
    const server = await blogServe(['--port', '0', '--data', join(tmp.path, 'data'), '--watch', essays], {
      env: { PORT: '' },
    })
    const record = join(tmp.path, 'data', 'serving.json')
    try {
      await expect.poll(() => server.output(), { timeout: 20_000 }).toContain('Watching')
      // other processes on the folder (the dashboard's "open") learn where the site really is
      expect(servingUrl(join(tmp.path, 'data'))).toBe(server.url)
      const lines = server.output().split('\n').filter(Boolean)
      const serving = lines.findIndex((l) => l.startsWith('Scholia is serving'))
      expect(lines[serving]).toMatch(/^Scholia is serving 3 posts at http:\/\/127\.0\.0\.1:\d+\//)
      expect(server.output()).not.toMatch(/serving 0 posts/)
      // the per-file lines of the first import come before it, "Watching" after it
      expect(lines.slice(0, serving).filter((l) => l.startsWith('imported '))).toHaveLength(3)
      expect(lines[serving + 1]).toBe(`Watching ${essays} for essays.`)
      const res = await fetch(`${server.url}/api/posts`)
      expect(((await res.json()) as unknown[]).length).toBe(2)
      await server.stop()
      expect(existsSync(record)).toBe(false)
    } finally {
      await server.stop()
      tmp.cleanup()
    }
  })
})
