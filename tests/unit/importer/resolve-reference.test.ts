import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { referencedPath } from '../../../src/importer/assets/resolve-reference.js'
import { tempDir } from '../../helpers/temp-dir.js'

describe('the file an essay’s image reference names', () => {
  it('reads /x from the site root, or from Hugo’s static/ folder, which Hugo serves at the root', () => {
    const dir = tempDir('scholia-ref-')
    onTestFinished(dir.cleanup)
    const root = dir.path
    const essay = join(root, 'content', 'post', '后缀数组.md')
    mkdirSync(join(root, 'static', 'post_img', '后缀数组'), { recursive: true })
    writeFileSync(join(root, 'static', 'post_img', '后缀数组', 'sa.png'), 'png')
    mkdirSync(join(root, 'assets'), { recursive: true })
    writeFileSync(join(root, 'assets', 'a.png'), 'png')
    writeFileSync(join(root, 'static', 'a.png'), 'png')

    // the address as markdown leaves it, %-encoded
    expect(referencedPath(`/post_img/${encodeURIComponent('后缀数组')}/sa.png`, essay, root)).toEqual({
      kind: 'local',
      path: join(root, 'static', 'post_img', '后缀数组', 'sa.png'),
    })
    // a file at the root itself comes first (a Jekyll site's /assets/a.png)
    expect(referencedPath('/assets/a.png', essay, root)).toEqual({ kind: 'local', path: join(root, 'assets', 'a.png') })
    // nothing in either: the root's path, for the warning and for a later import to find
    expect(referencedPath('/img/none.png', essay, root)).toEqual({ kind: 'local', path: join(root, 'img', 'none.png') })
    expect(referencedPath('../b.png', essay, root)).toEqual({ kind: 'local', path: join(root, 'content', 'b.png') })
  })
})
