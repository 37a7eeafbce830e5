import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { servedBlog, signedInOwner, writePlot } from '../helpers/blog.js'
import { blog } from '../helpers/cli.js'
import { ApiClient } from '../helpers/http-client.js'
import { tempDir } from '../helpers/temp-dir.js'

/**
 * Issue 40: the web's arXiv download carries the figures too. The text export can only point at
 * a figure's address; the archive holds the `.tex` with `\includegraphics` and the figure files,
 * the same bytes `blog export --arxiv SLUG -o x.tar.gz` writes.
 */
let ctx: Awaited<ReturnType<typeof servedBlog>>
let admin: ApiClient
let id: number
const essays = tempDir('archive-essays-')
const out = tempDir('archive-out-')

beforeAll(async () => {
  writeFileSync(join(essays.path, 'residuals.md'), '# Residuals\n\nA curve:\n\n![A loss curve](plot.png)\n')
  await writePlot(join(essays.path, 'plot.png'))
  ctx = await servedBlog({ fixtures: essays.path })
  admin = await signedInOwner(ctx)
  id = ctx.blog.store.postBySlug('residuals')!.id
})
afterAll(async () => {
  await ctx.cleanup()
  essays.cleanup()
  out.cleanup()
})

const download = (client: ApiClient, postId: number | string) =>
  fetch(`${ctx.server.url}/api/posts/${postId}/export/arxiv-archive`, { headers: { cookie: client.cookieHeader() } })

describe('GET /api/posts/:id/export/arxiv-archive', () => {
  it('downloads the .tex and its figures as one .tar.gz, as the CLI writes it', async () => {
    const res = await download(admin, id)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/gzip')
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="residuals-arxiv.tar.gz"')
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    const bytes = Buffer.from(await res.arrayBuffer())
    const file = join(out.path, 'web.tar.gz')
    writeFileSync(file, bytes)

    const listed = execFileSync('tar', ['-tzf', file], { encoding: 'utf8' }).trim().split('\n')
    expect(listed).toContain('residuals.tex')
    const figure = listed.find((p) => p.startsWith('figures/') && p.endsWith('.png'))
    expect(figure).toBeDefined()
    const tex = execFileSync('tar', ['-xzOf', file, 'residuals.tex'], { encoding: 'utf8' })
    expect(tex).toContain(`\\includegraphics`)
    expect(tex).toContain(figure!.replace(/\.png$/, ''))
    // the figure itself, not a box pointing at the site's address
    const figureBlock = /\\begin\{figure\}[\s\S]*?\\end\{figure\}/.exec(tex)![0]
    expect(figureBlock).not.toMatch(/https?:/)

    const cliFile = join(out.path, 'cli.tar.gz')
    const run = await blog(['export', '--arxiv', 'residuals', '-o', cliFile, '--data', ctx.dataDir], {
      env: { BLOG_BASE_URL: ctx.blog.config.baseUrl },
    })
    expect(run.code).toBe(0)
    expect(readFileSync(cliFile).equals(bytes)).toBe(true)
  })

  it('is for admins only, and answers 404 for a post that does not exist', async () => {
    expect((await download(new ApiClient(ctx.server.url), id)).status).toBe(401)
    const missing = await download(admin, 99999)
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({ message: expect.stringContaining('99999') })
  })
})
