import { cpSync, existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createBlog } from '../../src/app/blog-with-store.js'
import { GUEST } from '../../src/core/viewer.js'
import { blog } from '../helpers/cli.js'
import { projectRoot, tempDir } from '../helpers/temp-dir.js'

const tmp = tempDir('cli-jbook-')
afterAll(() => tmp.cleanup())

const fixtures = join(projectRoot, 'tests', 'fixtures', 'notebooks')

/** The stored HTML of each post, by slug, read as any command reads the data folder. */
async function pages(dataDir: string): Promise<Map<string, string>> {
  const opened = await createBlog({ dataDir, env: {}, log: () => {} })
  try {
    const out = new Map<string, string>()
    for (const meta of opened.store.posts()) out.set(meta.slug, (await opened.store.body(meta)).html)
    return out
  } finally {
    await opened.close()
  }
}

describe('blog import of a Jupyter Book with a notebook', () => {
  const book = join(tmp.path, 'book')
  const data = join(tmp.path, 'data')
  cpSync(join(fixtures, 'book'), book, { recursive: true })
  cpSync(join(fixtures, 'plot-output.ipynb'), join(book, 'chapters', 'decay.ipynb'))

  it('lists the notebook in a dry run and leaves out the bibliography page', async () => {
    const { code, stdout } = await blog(['import', book, '--dry-run'])
    expect(code).toBe(0)
    expect(stdout).toMatch(/would import .*chapters\/decay\.ipynb/)
    expect(stdout).toMatch(/skipped .*bibliography\.md: Jupyter Book: the bibliography page/)
  })

  it('imports the notebook with its plot as a stored figure and its citation from bibtex_bibfiles', async () => {
    const { code, stdout } = await blog(['import', book, '--data', data, '--json'])
    expect(code).toBe(0)
    const report = JSON.parse(stdout) as { summary: unknown; files: Array<{ path: string; warnings: string[] }> }
    expect(report.summary).toEqual({ imported: 4, updated: 0, unchanged: 0, failed: 0 })
    expect(report.files.flatMap((f) => f.warnings)).toEqual([])

    const html = await pages(data)
    const notebook = html.get('plotting-a-decay') ?? ''
    const figure =
      /<figure>.*?<img src="(\/media\/assets\/[0-9a-f]{20}\.png)" alt="Exponential decay"[^>]*><\/picture><figcaption>Exponential decay<\/figcaption><\/figure>/s.exec(
        notebook,
      )
    expect(figure).not.toBeNull()
    expect(existsSync(join(data, 'media', 'assets', figure![1].split('/').pop()!))).toBe(true)
    expect(notebook).not.toContain('base64')
    expect(notebook).toContain('<table>')
    expect(notebook).toContain('<pre><code>sum is 3\ndone\n</code></pre>')
    expect(notebook).toContain('data-cite="knuth1984">Knuth, 1984</a>')
    expect(html.get('setting-up')).toContain('data-cite="knuth1984">Knuth, 1984</a>')
  })

  it('gives the root page the book’s chapters in _toc.yml order', async () => {
    const intro = (await pages(data)).get('a-small-book') ?? ''
    const links = [...intro.matchAll(/data-xref="file:([^"]+)"/g)].map((m) => m[1])
    expect(links).toEqual(['chapters/setup.md', 'chapters/decay.ipynb', 'chapters/notes.md'])
  })

  it('resolves a MyST link to another page by its file name', async () => {
    const opened = await createBlog({ dataDir: data, env: {}, log: () => {} })
    try {
      const notes = await opened.posts.get('notes-on-decay', GUEST)
      // the author's own text, `[the setup](setup)`, as Jupyter Book shows it
      expect(notes.html).toMatch(/<a href="\/posts\/setting-up"[^>]*>the setup<\/a> came first/)
    } finally {
      await opened.close()
    }
  })

  it('a re-import finds nothing changed', async () => {
    const { code, stdout } = await blog(['import', book, '--data', data, '--json'])
    expect(code).toBe(0)
    expect(JSON.parse(stdout).summary).toEqual({ imported: 0, updated: 0, unchanged: 4, failed: 0 })
  })
})
