import type { Code, Nodes, Root } from 'mdast'
import type { VFile } from 'vfile'
import { hasMarker, unstash } from '../../syntax/stash.js'

/**
 * Executable chunks of R Markdown (```` ```{r label, echo=FALSE} ````) and Quarto
 * (```` ```{python} ```` with `#| echo: false` option lines): the engine's name is the code's
 * language, so it is highlighted; the options are knitr's and Quarto's, not the author's code, so
 * they go; a chunk whose code the author hid (`echo=FALSE`, `include=FALSE`, `#| echo: false`)
 * is not shown, its output being something only running it would make. d2l's
 * ```` ```{.python .input} ```` is the preprocessor's, and never reaches here in that form.
 */
export default function remarkCodeChunks() {
  return (tree: Root, file: VFile): undefined => {
    visitCode(tree, file.data.stash ?? [])
  }
}

/** `{r`, `{python}`, `{r, echo=FALSE}`: an engine name first, then knitr options. */
const CHUNK_HEADER = /^\{([A-Za-z][\w+-]*)(?:[\s,]([^]*))?\}$/
const OPTION_LINE = /^#\|\s?(.*)$/
const HIDDEN_OPTION = /(?:^|[\s,])(?:echo|include)\s*=\s*(?:FALSE|F)\b/
const HIDDEN_YAML = /^(?:echo|include)\s*:\s*false\s*$/

function visitCode(parent: Nodes, stash: readonly string[]): void {
  if (!('children' in parent) || !Array.isArray(parent.children)) return
  const kids = parent.children as Nodes[]
  for (let i = 0; i < kids.length; i++) {
    const node = kids[i]
    if (node.type === 'code') {
      if (!rewriteChunk(node, stash)) {
        kids.splice(i, 1)
        i--
      }
    } else if (node.type !== 'paragraph' && node.type !== 'heading' && node.type !== 'table') visitCode(node, stash)
  }
}

/** Makes a chunk plain highlighted code; false when the author hid it. */
function rewriteChunk(code: Code, stash: readonly string[]): boolean {
  if (!code.lang?.startsWith('{')) return true
  const header = CHUNK_HEADER.exec(code.meta ? `${code.lang} ${code.meta}` : code.lang)
  if (!header) return true
  const [, engine, options = ''] = header
  // The preprocessor keeps code bodies aside (syntax/stash.ts) until the tree is HTML.
  const body = hasMarker(code.value) ? unstash(code.value, stash) : code.value
  const lines = body.split('\n')
  let k = 0
  const yaml: string[] = []
  for (; k < lines.length; k++) {
    const option = OPTION_LINE.exec(lines[k])
    if (!option) break
    yaml.push(option[1].trim())
  }
  if (HIDDEN_OPTION.test(options) || yaml.some((line) => HIDDEN_YAML.test(line))) return false
  code.lang = engine.toLowerCase()
  code.meta = null
  code.value = lines.slice(k).join('\n')
  return true
}
