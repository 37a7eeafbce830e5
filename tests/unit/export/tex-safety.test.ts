import { describe, expect, it } from 'vitest'
import { exportArxiv } from '../../../src/export/arxiv.js'
import { neutraliseTex } from '../../../src/export/tex-safety.js'
import { lintLatex } from './latex-lint.js'
import { renderedPost, type MarkdownPost } from './rendered-post.js'

/** Issue 21, finding 9: the exported `.tex` must not read files or run programs when compiled. */

const POST: MarkdownPost = {
  title: 'Hostile',
  slug: 'hostile',
  author: 'Mallory',
  publishedAt: '2025-03-14T09:30:00.000Z',
  excerpt: 'x',
  summary: null,
  content: '',
  bibliography: null,
  tags: [],
}

/** Control words TeX would act on, anywhere in the document (the template's own included). */
function commands(doc: string): string[] {
  return [...doc.matchAll(/\\([A-Za-z]+)|\\[^A-Za-z]/g)].map((m) => m[1]).filter((n): n is string => n !== undefined)
}

const DANGEROUS =
  /^(?:input|include|includeonly|InputIfFileExists|IfFileExists|openin|openout|read|readline|write|immediate|catcode|csname|endcsname|scantokens|makeatletter|ExplSyntaxOn|UseName|usepackage|RequirePackage|pdfobj|pdffiledump|special|href)$/

const HOSTILE = [
  'Inline: $\\input{/etc/hostname}$ and $\\include{chapter}$.',
  '$$\\immediate\\write18{touch /tmp/pwned}$$',
  '$$\\openin5=/etc/passwd \\read5 to \\leaked \\leaked$$',
  'Catcodes: $\\catcode`\\@=11 \\@@input /etc/passwd$.',
  'Names: $\\csname input\\endcsname{/etc/hostname}$ and $x^^5cinput{/etc/hostname}$.',
  '$$\\begin{input}{/etc/hostname}\\end{input}$$',
  '$$\\begin{filecontents}{evil.tex}\n\\input{/etc/passwd}\n\\end{filecontents}$$',
  '$$\\begin{@nameuse}{input}{/etc/hostname}\\end{@nameuse}$$',
  'PDF: $\\pdfobj file {/etc/passwd}$ and $\\href{run:/bin/sh}{x}$.',
  '\\newcommand{\\leak}{\\input{/etc/passwd}}',
  '$$\\def\\y{}\\usepackage{/tmp/evil}$$',
  'Used: $\\leak$.',
].join('\n\n')

describe('file and shell primitives in an exported essay (issue 21)', () => {
  const doc = exportArxiv(renderedPost({ ...POST, content: HOSTILE }))
  const template = exportArxiv(renderedPost({ ...POST, content: 'Nothing hostile.' }))

  it('leaves none for TeX to act on: only the template’s own \\usepackage lines remain', () => {
    const found = commands(doc).filter((n) => DANGEROUS.test(n))
    const own = commands(template).filter((n) => DANGEROUS.test(n))
    expect(found).toEqual(own)
    expect(own.every((n) => n === 'usepackage')).toBe(true)
    // `^^5c` is a backslash to TeX, before anything else reads it.
    expect(doc).not.toContain('^^')
  })

  it('shows each refused command as text, as the site shows what KaTeX refuses', () => {
    expect(doc).toContain('\\mbox{\\textbackslash input}{/etc/hostname}')
    expect(doc).toContain('\\mbox{\\textbackslash immediate}\\mbox{\\textbackslash write}18{touch /tmp/pwned}')
    expect(doc).toContain('\\mbox{\\textbackslash begin\\{filecontents\\}}')
    expect(lintLatex(doc)).toEqual([])
  })
})

describe('neutraliseTex', () => {
  it('leaves the TeX of ordinary essays exactly as written', () => {
    const ordinary = [
      '\\frac{1}{\\sqrt{2\\pi\\sigma^2}} e^{-\\frac{(x-\\mu)^2}{2\\sigma^2}}',
      '\\begin{aligned} a &= b \\\\ c &= d \\end{aligned}',
      '\\begin{align*}\n x &= 1 \\label{eq:x} \\\\\n y &= 2\n\\end{align*}',
      '\\begin{pmatrix} 1 & 0 \\\\ 0 & 1 \\end{pmatrix}',
      '\\operatorname*{arg\\,max}_{\\theta} \\mathbb{E}[\\log p_\\theta(x)]',
      '\\text{input and output} \\quad \\mathrm{file} \\\\input',
      '\\newcommand{\\R}{\\mathbb{R}} \\def\\N{\\mathbb{N}} \\let\\eps\\varepsilon',
      'x^{2^{3}} \\hat{x} \\^{} \\% 50',
      '\\begin {cases} 1 & x > 0 \\\\ 0 & \\text{otherwise} \\end{cases}',
    ]
    for (const tex of ordinary) expect(neutraliseTex(tex)).toBe(tex)
  })

  it('catches a name built at run time, and is idempotent', () => {
    for (const tex of [
      '\\begin{\\x\\y}',
      '\\begin\\x',
      '\\expandafter\\begin\\expandafter{\\x}',
      '\\begin%\n{filecontents}',
      '\\UseName{input}',
      '\\scantokens{x}',
      '\\makeatletter',
      '\\ExplSyntaxOn',
    ]) {
      const once = neutraliseTex(tex)
      expect(once, tex).not.toBe(tex)
      expect(neutraliseTex(once)).toBe(once)
    }
    expect(neutraliseTex('\\begin{\\x\\y}')).toBe('\\mbox{\\textbackslash begin}{\\x\\y}')
  })
})
