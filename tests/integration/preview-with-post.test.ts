import { copyFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { servedBlog, signedInOwner, writePlot } from '../helpers/blog.js'
import { ApiClient } from '../helpers/http-client.js'
import { projectRoot, tempDir } from '../helpers/temp-dir.js'

/**
 * Issue 40: the edit modal's Preview is the page. A post imported with its `.bib` and a figure
 * previews its citations and figure as its published page shows them, not `[?key]` and a
 * broken relative image.
 */
const ESSAY = ['# Residuals', '', 'Deep stacks train [@he:resnet].', '', '![A loss curve](plot.png)', ''].join('\n')

let ctx: Awaited<ReturnType<typeof servedBlog>>
let admin: ApiClient
const essays = tempDir('preview-essays-')

beforeAll(async () => {
  copyFileSync(join(projectRoot, 'tests', 'fixtures', 'citations', 'refs.bib'), join(essays.path, 'refs.bib'))
  writeFileSync(join(essays.path, 'residuals.md'), ESSAY)
  await writePlot(join(essays.path, 'plot.png'))
  ctx = await servedBlog({ fixtures: essays.path })
  admin = await signedInOwner(ctx)
})
afterAll(async () => {
  await ctx.cleanup()
  essays.cleanup()
})

const imageSources = (html: string) => [...html.matchAll(/<img[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1])

describe('POST /api/preview with the post being edited', () => {
  it('shows the citation and the figure as the published page does', async () => {
    const post = ctx.blog.store.postBySlug('residuals')!
    const page = (await ctx.blog.store.body(post)).html
    expect(page).toContain('He')
    expect(imageSources(page)[0]).toMatch(/^\/media\//)

    const edited = ESSAY.replace('Deep stacks train', 'Very deep stacks still train')
    const res = await admin.post<{ html: string }>('/api/preview', { content: edited, postId: post.id })
    expect(res.status).toBe(200)
    expect(res.body.html).toContain('Very deep stacks still train')
    expect(res.body.html).not.toContain('[?he:resnet]')
    expect(res.body.html).not.toMatch(/\?he:resnet/)
    // the citation reads as on the page, and the figure is the stored one
    const cite = /<a[^>]*href="#[^"]*"[^>]*>[^<]*He[^<]*2016[^<]*<\/a>/
    expect(page).toMatch(cite)
    expect(res.body.html).toMatch(cite)
    expect(imageSources(res.body.html)).toEqual(imageSources(page))
  })

  it('without a post, a citation has nothing to resolve against and says so', async () => {
    const res = await admin.post<{ html: string }>('/api/preview', { content: ESSAY })
    expect(res.status).toBe(200)
    expect(res.body.html).toMatch(/\?he:resnet/)
  })

  it('refuses a post that does not exist, and guests', async () => {
    const missing = await admin.post<{ message: string }>('/api/preview', { content: 'x', postId: 99999 })
    expect(missing.status).toBe(404)
    expect(missing.body.message).toMatch(/No post with id 99999/)
    const bad = await admin.post<{ message: string }>('/api/preview', { content: 'x', postId: 'one' })
    expect(bad.status).toBe(400)
    const guest = new ApiClient(ctx.server.url)
    expect((await guest.post('/api/preview', { content: 'x', postId: 1 })).status).toBe(401)
  })
})
