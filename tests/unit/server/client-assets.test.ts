import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { loadClientAssets, saveCriticalIndex } from '../../../src/server/ssr/client-assets.js'
import { tempDir } from '../../helpers/temp-dir.js'

let dir: ReturnType<typeof tempDir> | undefined
afterEach(() => dir?.cleanup())

/** A client build as Vite writes it: the manifest, and the files in assets/. */
function clientBuild(files: string[], css = '.post{margin:0}'): string {
  dir = tempDir('client-assets-')
  mkdirSync(join(dir.path, '.vite'), { recursive: true })
  mkdirSync(join(dir.path, 'assets'), { recursive: true })
  const manifest = {
    'web/entry-client.tsx': {
      file: 'assets/entry-client-abc.js',
      css: ['assets/entry-client-abc.css'],
      imports: ['_vendor'],
    },
    _vendor: { file: 'assets/vendor-def.js' },
    'web/styles/owner.css': { file: 'assets/owner-ghi.css', src: 'web/styles/owner.css' },
  }
  writeFileSync(join(dir.path, '.vite', 'manifest.json'), JSON.stringify(manifest))
  for (const f of files) writeFileSync(join(dir.path, 'assets', f), '')
  writeFileSync(join(dir.path, 'assets', 'entry-client-abc.css'), css)
  return dir.path
}

describe('the client assets in every page head', () => {
  it('preloads the modules and the two first-screen text fonts, links the stylesheet, and starts the entry', () => {
    const assets = loadClientAssets(
      clientBuild([
        'inter-latin-wght-normal-X1.woff2',
        'source-serif-4-latin-wght-normal-Y2.woff2',
        'source-serif-4-latin-wght-italic-Z3.woff2',
        'inter-cyrillic-wght-normal-W4.woff2',
        'KaTeX_Main-Regular-V5.woff2',
      ]),
    )
    expect(assets.available).toBe(true)
    const tags = assets.head.split('\n').map((t) => t.trim())
    expect(tags).toEqual([
      '<link rel="preload" href="/assets/inter-latin-wght-normal-X1.woff2" as="font" type="font/woff2" crossorigin>',
      '<link rel="preload" href="/assets/source-serif-4-latin-wght-normal-Y2.woff2" as="font" type="font/woff2" crossorigin>',
      '<link rel="modulepreload" href="/assets/vendor-def.js">',
    ])
    expect(assets.styles).toBe('<link rel="stylesheet" href="/assets/entry-client-abc.css">')
    // no font faces were built apart: readers and owners link the one stylesheet
    expect(assets.deferredStyles).toBe(assets.styles)
    expect(assets.script).toBe('<script type="module" src="/assets/entry-client-abc.js"></script>')
    // the owner's workspace styles are not in every head, only offered for an admin's page
    expect(assets.head).not.toContain('owner')
    expect(assets.ownerHead).toBe('<link rel="stylesheet" href="/assets/owner-ghi.css">')
  })

  it("indexes the stylesheet and its font faces for inlining, with the fonts' files under their folder", () => {
    const dir = clientBuild([], '.post{font-family:Serif}.modal{position:fixed}')
    writeFileSync(
      join(dir, 'assets', 'entry-client-abc.fonts.css'),
      '@font-face{font-family:Serif;src:url(./serif-A1.woff2)format("woff2")}',
    )
    const assets = loadClientAssets(dir)
    expect(assets.critical?.forMarkup('<article class="post">')).toEqual({
      css: '@font-face{font-family:Serif;src:url(/assets/serif-A1.woff2)format("woff2")}.post{font-family:Serif}',
      fontFiles: ['/assets/serif-A1.woff2'],
    })
    // an admin's head links both; a reader's body only the rules, its head has the font faces
    expect(assets.styles).toBe(
      '<link rel="stylesheet" href="/assets/entry-client-abc.fonts.css">\n    <link rel="stylesheet" href="/assets/entry-client-abc.css">',
    )
    expect(assets.deferredStyles).toBe('<link rel="stylesheet" href="/assets/entry-client-abc.css">')
  })

  it("starts from the build's saved index of the stylesheets, and indexes them afresh once they change", () => {
    const dir = clientBuild([], '.post{font-family:Serif}.modal{position:fixed}')
    const saved = saveCriticalIndex(dir)
    expect(saved).toBe(join(dir, '.vite', 'critical-css.json'))
    // Marked, to tell the saved index from one made afresh: the server must read this one.
    writeFileSync(saved!, readFileSync(saved!, 'utf8').replace('font-family:Serif', 'font-family:Saved'))
    expect(loadClientAssets(dir).critical?.forMarkup('<article class="post">').css).toBe('.post{font-family:Saved}')
    // A stylesheet that is not the one the index was made from (another size): read afresh.
    writeFileSync(join(dir, 'assets', 'entry-client-abc.css'), '.post{font-family:Changed}')
    expect(loadClientAssets(dir).critical?.forMarkup('<article class="post">').css).toBe('.post{font-family:Changed}')
  })

  it('a stylesheet it cannot read is only linked, not inlined', () => {
    const assets = loadClientAssets(clientBuild([], '.post[margin:0'))
    expect(assets.critical).toBeNull()
    expect(assets.styles).toBe('<link rel="stylesheet" href="/assets/entry-client-abc.css">')
  })

  it('without a client build, pages are plain server markup', () => {
    dir = tempDir('client-assets-')
    expect(loadClientAssets(dir.path)).toEqual({
      head: '',
      styles: '',
      deferredStyles: '',
      critical: null,
      script: '',
      ownerHead: '',
      available: false,
    })
  })
})
