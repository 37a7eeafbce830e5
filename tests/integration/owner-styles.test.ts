import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBlog, type Blog } from '../../src/app/blog-with-store.js'
import { GUEST, type Viewer } from '../../src/core/viewer.js'
import { OWNER } from '../../src/auth/auth-service.js'
import { PageRenderer } from '../../src/server/ssr/page-renderer.js'
import type { ClientAssets } from '../../src/server/ssr/client-assets.js'
import { indexCriticalCss } from '../../src/server/ssr/critical-css.js'
import { fixtureSite } from '../helpers/blog.js'
import { tempDir } from '../helpers/temp-dir.js'

const assets: ClientAssets = {
  head: '<link rel="modulepreload" href="/assets/vendor-def.js">',
  styles:
    '<link rel="stylesheet" href="/assets/entry-client-abc.fonts.css">\n    <link rel="stylesheet" href="/assets/entry-client-abc.css">',
  deferredStyles: '<link rel="stylesheet" href="/assets/entry-client-abc.css">',
  critical: indexCriticalCss([{ css: 'body{margin:0}.never-on-a-page{color:red}', folder: '/assets/' }]),
  script: '<script type="module" src="/assets/entry-client-abc.js"></script>',
  ownerHead: '<link rel="stylesheet" href="/assets/owner-ghi.css">',
  available: true,
}

let tmp: ReturnType<typeof tempDir>
let blog: Blog
let admin: Viewer
beforeAll(async () => {
  tmp = tempDir('owner-styles-')
  blog = await createBlog({ dataDir: tmp.path, ownerName: 'Site Owner', bcryptCost: 10, env: {}, log: () => {} })
  await blog.importer.importPaths([fixtureSite])
  const { user } = await blog.auth.createAdmin({ username: 'owner', password: 'a long password' }, OWNER)
  admin = { userId: user.id, role: user.role }
})
afterAll(async () => {
  await blog.close()
  tmp.cleanup()
})

describe("the owner's stylesheet", () => {
  it("is linked in the head of an admin's pages, after the app's stylesheet, and in no reader's", async () => {
    const pages = new PageRenderer(blog, assets)
    const slug = blog.posts.visible(GUEST)[0]!.slug
    for (const url of ['/', `/posts/${slug}`, '/manage', '/no/such/page']) {
      const ownerPage = (await pages.page(url, admin)).content.body.toString()
      expect(ownerPage, url).toContain(assets.ownerHead)
      // the owner's rules win over the app's: both are linked in the head, the owner's last
      expect(ownerPage.indexOf(assets.styles), url).toBeLessThan(ownerPage.indexOf(assets.ownerHead))
      expect(ownerPage.indexOf(assets.ownerHead), url).toBeLessThan(ownerPage.indexOf('</head>'))
      expect(ownerPage, url).not.toContain('<style>')
      const readerPage = (await pages.page(url, GUEST)).content.body.toString()
      expect(readerPage, url).toContain(assets.head)
      expect(readerPage, url).not.toContain('owner-ghi.css')
      // a reader's page paints from the styles inlined in its head; the app's stylesheet follows in the body
      expect(readerPage, url).toContain('<style>body{margin:0}</style>')
      expect(readerPage.indexOf(assets.deferredStyles), url).toBeGreaterThan(readerPage.indexOf('<body>'))
      // …above the app's script, which then waits for it
      expect(readerPage.indexOf(assets.deferredStyles), url).toBeLessThan(readerPage.indexOf(assets.script))
      expect(readerPage, url).not.toContain('entry-client-abc.fonts.css')
    }
  })
})
