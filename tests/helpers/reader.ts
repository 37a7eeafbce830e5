import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Blog } from '../../src/app/blog-with-store.js'
import { servedBlog } from './blog.js'
import { launchBrowser, type TestBrowser } from './browser.js'
import { projectRoot } from './temp-dir.js'

/** Where the browser tests leave their screenshots. */
export const screenshotDir = join(projectRoot, 'tests', 'e2e', 'screenshots')

export interface ReaderSetup {
  url: string
  blog: Blog
  /** The imported essays' slugs, in the order of the paths given. */
  slugs: string[]
  browser: TestBrowser
  close(): Promise<void>
}

/**
 * A served blog holding only the given essays (corpus files, read where they are) and a
 * browser to read them in: where a reader's browser test of one or two essays starts.
 */
export async function servedEssaysForReader(paths: string[]): Promise<ReaderSetup> {
  mkdirSync(screenshotDir, { recursive: true })
  const ctx = await servedBlog({ fixtures: null })
  const report = await ctx.blog.importer.importPaths(paths)
  const slugs = paths.map((p) => report.files.find((f) => f.path === p)?.slug ?? '')
  const browser = await launchBrowser()
  return {
    url: ctx.server.url,
    blog: ctx.blog,
    slugs,
    browser,
    close: async () => {
      await browser.close()
      await ctx.cleanup()
    },
  }
}
