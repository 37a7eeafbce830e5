import type { EssayInput, SiteCorpus } from '../../../src/ai/provider.js'
import { splitFrontmatter } from '../../../src/importer/parse/split-frontmatter.js'
import { renderCached } from '../../../src/markdown/index.js'

export interface TestEssay {
  id: number
  title: string
  markdown: string
  tags?: string[]
}

/** The published essays of a small test site, with their rendered text as the store keeps it. */
export function siteOf(essays: TestEssay[]): SiteCorpus {
  return {
    posts: essays.map((e) => ({
      id: e.id,
      slug: `essay-${e.id}`,
      title: e.title,
      tags: e.tags ?? [],
      plainText: renderCached(splitFrontmatter(e.markdown).body).plainText,
    })),
  }
}

/** What the enhance service gives a provider for one essay: frontmatter split off, text rendered by the site's pipeline. */
export function inputFor(e: TestEssay, site: SiteCorpus = siteOf([e])): EssayInput {
  const { body, frontmatter } = splitFrontmatter(e.markdown)
  return {
    post: { id: e.id, slug: `essay-${e.id}`, title: e.title, tags: e.tags ?? [], excerpt: '', author: 'Ada' },
    markdown: body,
    plainText: renderCached(body).plainText,
    frontmatter,
    site,
  }
}
