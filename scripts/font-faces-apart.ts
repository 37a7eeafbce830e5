import postcss from 'postcss'
import type { Plugin } from 'vite'
import { fontFacesFile } from '../src/server/ssr/critical-css.js'

/**
 * Takes the font faces out of each built stylesheet, into a file of their own beside it
 * (`assets/x.css` → `assets/x.fonts.css`). A reader's page inlines every font face with the
 * styles its markup uses (src/server/ssr/critical-css.ts) and links the stylesheet at the end
 * of its body: with the font faces in it, it would add them again to a painted page, and
 * Chromium then lays out all its text again (94 ms against 35 ms on a long essay, measured).
 * The stylesheet keeps its name, which the app's lazily loaded chunks list as already there.
 */
export function fontFacesApart(): Plugin {
  return {
    name: 'scholia:font-faces-apart',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'asset' || !file.fileName.endsWith('.css')) continue
        const root = postcss.parse(
          typeof file.source === 'string' ? file.source : Buffer.from(file.source).toString('utf8'),
        )
        const faces = root.nodes.filter((n) => n.type === 'atrule' && n.name.toLowerCase() === 'font-face')
        if (faces.length === 0) continue
        const text = faces.map((f) => f.toString()).join('')
        for (const face of faces) face.remove()
        file.source = root.toString()
        this.emitFile({ type: 'asset', fileName: fontFacesFile(file.fileName), source: text })
      }
    },
  }
}
