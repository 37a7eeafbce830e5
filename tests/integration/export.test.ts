import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { OWNER } from '../../src/auth/auth-service.js'
import { servedBlog } from '../helpers/blog.js'
import { blog } from '../helpers/cli.js'
import { ApiClient } from '../helpers/http-client.js'
import { tempDir } from '../helpers/temp-dir.js'

const SLUG = 'the-gaussian-integral-three-ways'
const DRAFT = 'an-unfinished-draft'

describe('arXiv export', () => {
  let ctx: Awaited<ReturnType<typeof servedBlog>>
  let admin: ApiClient
  let id: number
  let draftId: number
  const tmp = tempDir('export-')

  beforeAll(async () => {
    ctx = await servedBlog()
    await ctx.blog.auth.createAdmin({ username: 'owner', password: 'password1' }, OWNER)
    admin = new ApiClient(ctx.server.url)
    expect((await admin.post('/api/auth/login', { username: 'owner', password: 'password1' })).status).toBe(200)
    id = ctx.blog.store.postBySlug(SLUG)!.id
    draftId = ctx.blog.store.postBySlug(DRAFT)!.id
  })
  afterAll(async () => {
    await ctx.cleanup()
    tmp.cleanup()
  })

  const cli = (args: string[]) =>
    blog(['export', ...args, '--data', ctx.dataDir], { env: { BLOG_BASE_URL: ctx.blog.config.baseUrl } })

  describe('GET /api/posts/:id/export/arxiv', () => {
    it('downloads the LaTeX source as {slug}-arxiv-format.txt for an admin', async () => {
      const res = await admin.get(`/api/posts/${id}/export/arxiv`)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8')
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${SLUG}-arxiv-format.txt"`)
      expect(res.headers.get('cache-control')).toBe('private, no-store')
      expect(res.text).toContain('\\documentclass[11pt]{article}')
      expect(res.text).toContain('\\title{The Gaussian Integral, Three Ways}')
      expect(res.text).toContain('\\author{Ada Lovelace}')
      expect(res.text).toContain('\\date{14 March 2025}')
      expect(res.text).toContain('\\section{Polar coordinates}')
      expect(res.text).toContain('\\footnote{')
      expect(res.text.endsWith('\\end{document}\n')).toBe(true)
    })

    it('exports drafts too (admins see them)', async () => {
      const res = await admin.get(`/api/posts/${draftId}/export/arxiv`)
      expect(res.status).toBe(200)
      expect(res.text).toContain('\\title{An Unfinished Draft}')
    })

    it('refuses a visitor who is not signed in (401), before looking at the id', async () => {
      for (const path of [`/api/posts/${id}/export/arxiv`, '/api/posts/nope/export/arxiv']) {
        const res = await new ApiClient(ctx.server.url).get(path)
        expect(res.status).toBe(401)
        expect(res.body).toEqual({ message: expect.any(String) })
      }
    })

    it('refuses a signed-in visitor who is not an admin (403)', async () => {
      await ctx.blog.store.transact((tx) => {
        const owner = tx.db.users.find((u) => u.username === 'owner')!
        tx.db.users.push({ ...owner, id: 50, username: 'reader', role: 'guest' })
      })
      const reader = new ApiClient(ctx.server.url)
      expect((await reader.post('/api/auth/login', { username: 'reader', password: 'password1' })).status).toBe(200)
      const res = await reader.get(`/api/posts/${id}/export/arxiv`)
      expect(res.status).toBe(403)
      expect(res.body).toEqual({ message: expect.any(String) })
    })

    it('answers 404 for a post that does not exist and 400 for an id that is not one', async () => {
      const missing = await admin.get('/api/posts/99999/export/arxiv')
      expect(missing.status).toBe(404)
      expect(missing.body).toEqual({ message: expect.stringContaining('99999') })
      for (const bad of ['abc', '0', '-3', '1.5']) {
        const res = await admin.get(`/api/posts/${bad}/export/arxiv`)
        expect(res.status, bad).toBe(400)
        expect(res.body).toEqual({ message: 'Not a valid id' })
      }
    })
  })

  describe('blog export --arxiv', () => {
    it('prints the same bytes as the download', async () => {
      const download = await admin.get(`/api/posts/${id}/export/arxiv`)
      const run = await cli(['--arxiv', SLUG])
      expect(run.stderr).toBe('')
      expect(run.code).toBe(0)
      expect(run.stdout).toBe(download.text)
    })

    it('writes the same bytes to a file with -o', async () => {
      const download = await admin.get(`/api/posts/${id}/export/arxiv`)
      const file = join(tmp.path, 'paper.tex')
      const run = await cli(['--arxiv', SLUG, '-o', file])
      expect(run.code).toBe(0)
      expect(run.stdout).toContain(file)
      expect(readFileSync(file, 'utf8')).toBe(download.text)
    })

    it('exports a draft from the terminal too', async () => {
      const run = await cli(['--arxiv', DRAFT])
      expect(run.code).toBe(0)
      expect(run.stdout).toContain('\\title{An Unfinished Draft}')
    })

    it('says so and exits 1 for a slug with no post', async () => {
      const run = await cli(['--arxiv', 'no-such-post'])
      expect(run.code).toBe(1)
      expect(run.stdout).toBe('')
      expect(run.stderr).toMatch(/No post at "no-such-post"/)
    })

    it('exits 1 without writing when the output folder does not exist', async () => {
      const run = await cli(['--arxiv', SLUG, '-o', join(tmp.path, 'missing', 'paper.tex')])
      expect(run.code).toBe(1)
      expect(run.stderr).toMatch(/Could not write .*folder does not exist/)
    })

    it('needs --arxiv', async () => {
      const run = await cli([])
      // Commander's own usage errors in a subcommand exit 1 today, as for `blog import` without paths.
      expect(run.code).not.toBe(0)
      expect(run.stdout).toBe('')
      expect(run.stderr).toMatch(/required option '--arxiv <slug>' not specified/)
    })
  })
})
