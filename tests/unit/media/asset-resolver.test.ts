import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { assetResolverFor } from '../../../src/importer/assets/asset-context.js'
import { tempDir } from '../../helpers/temp-dir.js'

/** A book laid out as d2l is: chapters beside an img folder, a site-root assets folder, and a secret outside. */
let tmp: ReturnType<typeof tempDir>
let site: string
let dataDir: string
let png: Buffer

const svg =
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80" viewBox="0 0 120 80"><rect width="120" height="80"/></svg>'

beforeAll(async () => {
  tmp = tempDir('assets-')
  site = join(tmp.path, 'book')
  dataDir = join(tmp.path, 'data')
  png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#36c' } })
    .png()
    .toBuffer()
  mkdirSync(join(site, 'chapter_one'), { recursive: true })
  mkdirSync(join(site, 'img'), { recursive: true })
  mkdirSync(join(site, 'assets', 'img'), { recursive: true })
  writeFileSync(join(site, 'img', 'plot one.png'), png)
  writeFileSync(join(site, 'img', 'diagram.svg'), svg)
  writeFileSync(join(site, 'assets', 'img', 'site.png'), png)
  writeFileSync(join(site, 'chapter_one', 'notes.html'), '<script>alert(1)</script>')
  writeFileSync(join(tmp.path, 'secret.png'), png)
  symlinkSync(join(tmp.path, 'secret.png'), join(site, 'img', 'link.png'))
})
afterAll(() => tmp.cleanup())

const essay = (root = site) => ({ path: join(site, 'chapter_one', 'index.md'), text: '', mtime: new Date(), root })
const resolverFor = (root?: string) => assetResolverFor(essay(root), { ownerName: 'O', dataDir })!

describe('assetResolverFor', () => {
  it('stores a figure relative to the essay under its content hash, with its size and type', () => {
    const asset = resolverFor()('../img/plot%20one.png?raw=1#top')
    expect(asset).toMatchObject({ mime: 'image/png', width: 300, height: 200, bytes: png.length })
    expect(asset!.url).toMatch(/^\/media\/assets\/[0-9a-f]{20}\.png$/)
    const stored = join(dataDir, 'media', 'assets', asset!.url.split('/').pop()!)
    expect(readFileSync(stored).equals(png)).toBe(true)
  })

  it('reads an SVG figure’s size from its width and height', () => {
    expect(resolverFor()('../img/diagram.svg')).toMatchObject({ mime: 'image/svg+xml', width: 120, height: 80 })
  })

  it('resolves a site-root path against the folder the import started from', () => {
    const asset = resolverFor()('/assets/img/site.png')
    // Same bytes as the chapter figure: the same stored file.
    expect(asset?.url).toBe(resolverFor()('../img/plot one.png')?.url)
  })

  it('stores each file once, however many essays use it, and leaves no temp files', () => {
    resolverFor()('../img/plot one.png')
    resolverFor()('../img/diagram.svg')
    expect(readdirSync(join(dataDir, 'media', 'assets')).sort()).toHaveLength(2)
  })

  it('never reaches outside the site: ../ traversal and symbolic links out of it are refused', () => {
    const resolve = resolverFor()
    expect(resolve('../../secret.png')).toBeNull()
    expect(resolve('../../../../../../../../etc/passwd')).toBeNull()
    expect(resolve('/../secret.png')).toBeNull()
    expect(resolve('../img/link.png')).toBeNull()
  })

  it('a single essay named on its own may use its parent folder (`../img`), and no further', () => {
    const resolve = resolverFor(join(site, 'chapter_one'))
    expect(resolve('../img/diagram.svg')).not.toBeNull()
    expect(resolve('../../secret.png')).toBeNull()
  })

  it('copies only media types, and answers null for a file that is not there', () => {
    const resolve = resolverFor()
    expect(resolve('notes.html')).toBeNull()
    expect(resolve('../img/missing.png')).toBeNull()
    expect(existsSync(join(dataDir, 'media', 'assets'))).toBe(true)
  })

  it('has nothing to resolve against without a data folder or a root', () => {
    expect(assetResolverFor({ ...essay(), root: undefined }, { ownerName: 'O', dataDir })).toBeUndefined()
    expect(assetResolverFor(essay(), { ownerName: 'O' })).toBeUndefined()
  })
})
