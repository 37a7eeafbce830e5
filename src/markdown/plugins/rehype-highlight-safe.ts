import type { Root } from 'hast'
import type { LanguageFn } from 'highlight.js'
import coq from 'highlight.js/lib/languages/coq'
import dockerfile from 'highlight.js/lib/languages/dockerfile'
import dos from 'highlight.js/lib/languages/dos'
import fortran from 'highlight.js/lib/languages/fortran'
import haskell from 'highlight.js/lib/languages/haskell'
import julia from 'highlight.js/lib/languages/julia'
import juliaRepl from 'highlight.js/lib/languages/julia-repl'
import latex from 'highlight.js/lib/languages/latex'
import matlab from 'highlight.js/lib/languages/matlab'
import ocaml from 'highlight.js/lib/languages/ocaml'
import powershell from 'highlight.js/lib/languages/powershell'
import scala from 'highlight.js/lib/languages/scala'
import scheme from 'highlight.js/lib/languages/scheme'
import stan from 'highlight.js/lib/languages/stan'
import { common } from 'lowlight'
import rehypeHighlight from 'rehype-highlight'
import type { VFile } from 'vfile'

/**
 * highlight.js's common languages (Python, R, C, shell, SQL…) and those of scientific and
 * mathematical writing that the common set leaves out: Julia above all (the Julia blog's 456
 * code blocks were plain), its REPL sessions, LaTeX, MATLAB, Stan, Haskell, OCaml, Scala,
 * Fortran, Scheme and Coq; the Windows shells install guides show beside bash (PowerShell,
 * `cmd`), and Dockerfiles. Names are matched case-insensitively, with highlight.js's aliases
 * (`tex`, `jldoctest`, `ml`…).
 */
const HIGHLIGHTED_LANGUAGES: Record<string, LanguageFn> = {
  ...common,
  coq,
  dockerfile,
  dos,
  fortran,
  haskell,
  julia,
  'julia-repl': juliaRepl,
  latex,
  matlab,
  ocaml,
  powershell,
  scala,
  scheme,
  stan,
}

/**
 * Syntax highlighting only where the author named the language (no guessing: it is slow and
 * often wrong). Unknown languages stay plain. highlight.js failing on odd input must not fail
 * the page: the code is then shown unhighlighted.
 */
export default function rehypeHighlightSafe() {
  const highlight = rehypeHighlight({
    detect: false,
    languages: HIGHLIGHTED_LANGUAGES,
    // Quarto writes ```` ```default ```` for a block it must not highlight.
    plainText: ['text', 'txt', 'plain', 'plaintext', 'output', 'console', 'math', 'default'],
    // A Quarto or R Markdown source shown as an example is markdown.
    aliases: { markdown: ['qmd', 'quarto', 'rmd', 'rmarkdown'] },
  })
  return (tree: Root, file: VFile): undefined => {
    try {
      highlight(tree, file)
    } catch {
      // Leave whatever was not highlighted as plain code.
    }
  }
}
