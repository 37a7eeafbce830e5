import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openBlog, type OpenedBlog } from '../../../src/app/blog.js'
import { SearchService } from '../../../src/search/search-service.js'
import { tempDir } from '../../helpers/temp-dir.js'

const tmp = tempDir('search-close-')
const dataDir = join(tmp.path, 'data')
let blog: OpenedBlog

beforeAll(async () => {
  const essays = join(tmp.path, 'essays')
  mkdirSync(essays)
  for (let i = 0; i < 80; i++)
    writeFileSync(join(essays, `essay-${i}.md`), `# Essay ${i}\n\nVariance and entropy, essay number ${i}.\n`)
  blog = await openBlog({ dataDir, env: {}, log: () => {} })
  await blog.importer.importPaths([essays])
}, 60_000)
afterAll(async () => {
  await blog.close()
  tmp.cleanup()
})

describe('closing the search', () => {
  it('waits for a build under way, which stops and writes no snapshot into the data folder after it', async () => {
    const snapshot = join(dataDir, 'search-index.json')
    expect(existsSync(snapshot)).toBe(false)
    const search = new SearchService({ store: blog.store })
    search.warm()
    await search.close()
    // a test that removes its data folder now, or a process that exits, races nothing
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(existsSync(snapshot)).toBe(false)
  })

  it('keeps the snapshot of a build that was let finish', async () => {
    const search = new SearchService({ store: blog.store })
    await search.ready()
    await search.close()
    expect(existsSync(join(dataDir, 'search-index.json'))).toBe(true)
  })
})
