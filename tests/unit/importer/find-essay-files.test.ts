import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findEssayFiles, isMarkdownFileName } from '../../../src/importer/files/find-essay-files.js'

let root: string
let outside: string

async function touch(path: string, text = '# x\n'): Promise<void> {
  await mkdir(join(path, '..'), { recursive: true })
  await writeFile(path, text)
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'scholia-find-'))
  outside = await mkdtemp(join(tmpdir(), 'scholia-outside-'))
  await touch(join(root, 'essays/b.md'))
  await touch(join(root, 'essays/a.MARKDOWN'))
  await touch(join(root, 'essays/notes.txt'))
  await touch(join(root, 'essays/deep/er/c.Md'))
  await touch(join(root, 'essays/.hidden.md'))
  await touch(join(root, 'essays/.drafts/d.md'))
  await touch(join(root, 'essays/_licenses/LICENSE.md'))
  await touch(join(root, 'essays/node_modules/pkg/README.md'))
  await touch(join(outside, 'elsewhere.md'))
  await symlink(outside, join(root, 'essays/linked-folder'), 'dir')
  await symlink(join(outside, 'elsewhere.md'), join(root, 'essays/linked-file.md'), 'file')
})

afterAll(async () => {
  await rm(root, { recursive: true, force: true })
  await rm(outside, { recursive: true, force: true })
})

describe('findEssayFiles', () => {
  it('walks folders for markdown files, skipping dot, _licenses and node_modules folders and folder links', async () => {
    const found = await findEssayFiles([join(root, 'essays')])
    expect(found.files.map((f) => relative(root, f))).toEqual([
      'essays/a.MARKDOWN',
      'essays/b.md',
      'essays/deep/er/c.Md',
      'essays/linked-file.md',
    ])
    expect(found.missing).toEqual([])
    expect(found.unreadable).toEqual([])
  })

  it('takes files given directly, de-duplicates and sorts absolute paths', async () => {
    const b = join(root, 'essays/b.md')
    const relativeB = relative(process.cwd(), b)
    const found = await findEssayFiles([b, relativeB, join(root, 'essays/deep'), join(root, 'essays/notes.txt')])
    expect(found.files).toEqual([b, join(root, 'essays/deep/er/c.Md')])
  })

  it('walks a dot-folder that is given explicitly', async () => {
    const found = await findEssayFiles([join(root, 'essays/.drafts')])
    expect(found.files).toEqual([join(root, 'essays/.drafts/d.md')])
  })

  it('reports paths that do not exist as missing, as given', async () => {
    const found = await findEssayFiles(['no/such/place', join(root, 'essays/b.md/child.md')])
    expect(found).toMatchObject({
      files: [],
      missing: ['no/such/place', join(root, 'essays/b.md/child.md')],
      unreadable: [],
    })
  })

  it('returns nothing for an empty list', async () => {
    expect(await findEssayFiles([])).toMatchObject({ files: [], missing: [], unreadable: [], skipped: [], sites: [] })
  })
})

describe('redirect stubs', () => {
  it('skips a page that only redirects elsewhere (a moved blog keeps one per old address), and says where', async () => {
    const site = await mkdtemp(join(tmpdir(), 'scholia-redirects-'))
    try {
      await touch(
        join(site, 'posts/moved.md'),
        `<meta http-equiv="Refresh" content="0; url='https://example.net/posts/moved/'" />\n`,
      )
      await touch(join(site, 'posts/redirect-from.md'), '---\ntitle: Old\nredirect_to: https://example.net/new/\n---\n')
      await touch(
        join(site, 'posts/essay.md'),
        '# An essay\n\nIt mentions <meta http-equiv="refresh"> in its text, and says much more besides that.\n',
      )
      const found = await findEssayFiles([site])
      expect(found.files.map((f) => relative(site, f))).toEqual(['posts/essay.md'])
      expect(found.skipped.map((s) => s.reason)).toEqual(
        expect.arrayContaining([
          'a redirect to https://example.net/posts/moved/: the page lives there, not here',
          'a redirect to https://example.net/new/: the page lives there, not here',
        ]),
      )
    } finally {
      await rm(site, { recursive: true, force: true })
    }
  })
})

describe('isMarkdownFileName', () => {
  it.each([
    ['a.md', true],
    ['a.MD', true],
    ['a.markdown', true],
    ['a.mdx', false],
    ['md', false],
    ['a.md.bak', false],
  ])('%s → %s', (name, expected) => {
    expect(isMarkdownFileName(name)).toBe(expected)
  })
})
