import { describe, expect, it } from 'vitest'
import { arxivFileName, exportArxiv } from '../../../src/export/arxiv.js'
import { lintLatex } from './latex-lint.js'
import { renderedPost, type MarkdownPost } from './rendered-post.js'

const POST: MarkdownPost = {
  title: 'A Test Essay',
  slug: 'a-test-essay',
  author: 'Ada Lovelace',
  publishedAt: '2025-03-14T09:30:00.000Z',
  excerpt: 'The excerpt.',
  summary: null,
  content: '',
  bibliography: null,
  tags: [],
}

const exported = (content: string, post: Partial<MarkdownPost> = {}) =>
  exportArxiv(renderedPost({ ...POST, content, ...post }), { baseUrl: 'https://blog.example' })

/** What the essay became: the document between the abstract and `\end{document}`. */
function body(content: string, post: Partial<MarkdownPost> = {}): string {
  const doc = exported(content, post)
  const problems = lintLatex(doc)
  expect(problems, doc).toEqual([])
  const start = doc.indexOf('\\maketitle')
  const afterAbstract = doc.indexOf('\\end{abstract}', start)
  return doc
    .slice(
      afterAbstract >= 0 ? afterAbstract + '\\end{abstract}'.length : start + '\\maketitle'.length,
      doc.lastIndexOf('\\end{document}'),
    )
    .trim()
}

describe('the arXiv document', () => {
  it("is an article with the post's title, author, date and abstract", () => {
    const doc = exported('Hello.')
    expect(doc).toMatch(/^% Exported by Scholia from "A Test Essay" \(https:\/\/blog\.example\/posts\/a-test-essay\)\n/)
    expect(doc).toContain('\\documentclass[11pt]{article}')
    for (const pkg of [
      'inputenc',
      'fontenc',
      'amsmath',
      'amssymb',
      'amsthm',
      'hyperref',
      'url',
      'graphicx',
      'booktabs',
      'verbatim',
    ]) {
      expect(doc).toMatch(new RegExp(`^\\\\usepackage(?:\\[[^\\]]*\\])?\\{${pkg}\\}$`, 'm'))
    }
    expect(doc).toContain('\\usepackage[utf8]{inputenc}')
    expect(doc).toContain('\\usepackage[T1]{fontenc}')
    expect(doc).toContain('\\title{A Test Essay}')
    expect(doc).toContain('\\author{Ada Lovelace}')
    expect(doc).toContain('\\date{14 March 2025}')
    expect(doc).toContain('\\begin{abstract}\nThe excerpt.\n\\end{abstract}')
    expect(doc).not.toMatch(/<<\w+>>/)
    expect(doc.endsWith('\\end{document}\n')).toBe(true)
  })

  it('takes the abstract from the summary when there is one, else the excerpt; none when both are empty', () => {
    expect(exported('x', { summary: 'A *short* summary with $x^2$.' })).toContain(
      '\\begin{abstract}\nA \\emph{short} summary with $x^2$.\n\\end{abstract}',
    )
    expect(exported('x', { excerpt: '' })).not.toContain('abstract}')
    expect(exported('x', { excerpt: '50% of #1' })).toContain('50\\% of \\#1')
  })

  it('escapes the title and author, and lists the tags as keywords', () => {
    const doc = exported('x', {
      title: 'Costs & Benefits: 100% of C#',
      author: 'Ünal Çelik',
      tags: ['prob_theory', 'maths'],
    })
    expect(doc).toContain('\\title{Costs \\& Benefits: 100\\% of C\\#}')
    expect(doc).toContain('\\author{Ünal Çelik}')
    expect(doc).toContain('\\noindent\\textbf{Keywords:} prob\\_theory, maths')
  })

  it('is the same text every time for the same post', () => {
    const content = '## A\n\nText $x$[^1].\n\n[^1]: Note.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n'
    expect(exported(content)).toBe(exported(content))
  })

  it('names its file {slug}-arxiv-format.txt', () => {
    expect(arxivFileName('the-gaussian-integral')).toBe('the-gaussian-integral-arxiv-format.txt')
  })
})

describe('prose', () => {
  it('escapes every character LaTeX treats specially', () => {
    expect(body('Costs 50% & #1 of a_b {x} ~ ^ \\\\ \\$5 1 < 2 > 0 |')).toBe(
      'Costs 50\\% \\& \\#1 of a\\_b \\{x\\} \\textasciitilde{} \\textasciicircum{} \\textbackslash{} \\$5 1 \\textless{} 2 \\textgreater{} 0 \\textbar{}',
    )
  })

  it('writes typographic quotes, dashes and ellipses the TeX way', () => {
    expect(body('“Quoted” and ‘single’ — dash – range… "straight"')).toBe(
      "``Quoted'' and `single' --- dash -- range\\ldots{} ``straight''",
    )
  })

  it('turns emphasis, strong and inline code into \\emph, \\textbf and \\texttt', () => {
    expect(body('*a* **b** `x_1 {y}`')).toBe('\\emph{a} \\textbf{b} \\texttt{x\\_1 \\{y\\}}')
  })

  it('declares characters pdflatex does not know, and sets CJK text with CJKutf8', () => {
    const doc = exported('Let α → ∞, café.')
    expect(doc).toContain('\\DeclareUnicodeCharacter{03B1}{\\ensuremath{\\alpha}}')
    expect(doc).toContain('\\DeclareUnicodeCharacter{2192}{\\ensuremath{\\rightarrow}}')
    expect(doc).not.toContain('{00E9}')
    expect(doc).not.toContain('CJK')
    const chinese = exported('摩尔定律')
    expect(chinese).toContain('\\usepackage{CJKutf8}')
    expect(chinese).toMatch(/\\begin\{CJK\}\{UTF8\}\{gbsn\}\n\\maketitle[\s\S]*\\end\{CJK\}\n\\end\{document\}/)
  })
})

describe('headings', () => {
  it('become sections, the shallowest level of the essay being \\section', () => {
    expect(body('# One\n\n## Two\n\n### Three\n\n#### Four\n\n##### Five')).toBe(
      '\\section{One}\n\n\\subsection{Two}\n\n\\subsubsection{Three}\n\n\\paragraph{Four}\n\n\\subparagraph{Five}',
    )
    expect(body('## Two\n\ntext\n\n### Three')).toBe('\\section{Two}\n\ntext\n\n\\subsection{Three}')
  })

  it('skip a single top-level heading that repeats the title', () => {
    expect(body('# A Test Essay\n\n## First\n\ntext')).toBe('\\section{First}\n\ntext')
    expect(body('# Another Title\n\n## First')).toBe('\\section{Another Title}\n\n\\subsection{First}')
  })

  it('keep d2l labels as \\label, and links to them become \\hyperref', () => {
    const out = body('## Intro\n:label:`sec_intro`\n\nSee :numref:`sec_intro`.')
    expect(out).toContain('\\section{Intro}\\label{sec_intro}')
    expect(out).toContain('See \\hyperref[sec_intro]{Intro}.')
  })

  it('give a heading with a footnote a short title without it', () => {
    expect(body('## Title[^n]\n\n[^n]: Note.')).toBe('\\section[{Title}]{Title\\footnote{\\label{fn:n:1}Note.}}')
  })
})

describe('math', () => {
  it('keeps inline math as $…$, from $…$ and \\(…\\)', () => {
    expect(body('A $a_b^{c}$ and \\(x^2 + y\\) here.')).toBe('A $a_b^{c}$ and $x^2 + y$ here.')
  })

  it('keeps display math as \\[…\\], from $$…$$ and \\[…\\]', () => {
    expect(body('$$\n\\int_0^1 f(x)\\,dx\n$$')).toBe('\\[\n\\int_0^1 f(x)\\,dx\n\\]')
    expect(body('Before\n\\[ a^2 + b^2 = c^2 \\]\nafter')).toBe('Before\n\n\\[\na^2 + b^2 = c^2\n\\]\n\nafter')
  })

  it('numbers a labelled display as an equation, keeping the label and the references to it', () => {
    // The site writes `\\ref` to an equation as "(1)", like `\\eqref` (syntax/labels.ts); the export
    // writes what the site shows, so the paper reads "(1)" there too.
    const out = body('$$ \\label{eq:pyth}\na^2 + b^2 = c^2\n$$\n\nBy \\eqref{eq:pyth} and \\ref{eq:pyth}, done.')
    expect(out).toBe(
      '\\begin{equation}\\label{eq:pyth}\na^2 + b^2 = c^2\n\\end{equation}\n\nBy \\eqref{eq:pyth} and \\eqref{eq:pyth}, done.',
    )
  })

  it('keeps align and equation environments intact, labels and all, with or without $$ around them', () => {
    const align = '\\begin{align}\na &= b \\label{eq:one} \\\\\nc &= d \\label{eq:two}\n\\end{align}'
    expect(body(align)).toBe(align)
    expect(body(`$$\n${align}\n$$`)).toBe(align)
    const equation = '\\begin{equation}\\label{eq:e}\ne^{i\\pi} + 1 = 0\n\\end{equation}'
    expect(body(`Text before.\n\n${equation}\n\nSee \\eqref{eq:e}.`)).toBe(
      `Text before.\n\n${equation}\n\nSee \\eqref{eq:e}.`,
    )
  })

  it('puts rows outside any environment into gathered or aligned (LaTeX has no rows in \\[…\\])', () => {
    expect(body('$$\na = b \\\\\nc = d\n$$')).toBe('\\[\n\\begin{gathered}\na = b \\\\\nc = d\n\\end{gathered}\n\\]')
    // Aligned rows the page itself already sets in a split (as Sphinx and MathJax sites do): kept so, numbered.
    expect(body('$$\na &= b \\\\\nc &= d \\label{eq:x}\n$$')).toBe(
      '\\begin{equation}\\label{eq:x}\n\\begin{split}a &= b \\\\\nc &= d \\end{split}\n\\end{equation}',
    )
  })

  it('writes $$…$$ in the middle of a sentence in display style', () => {
    expect(body('so $$\\sum_i x_i$$ here')).toBe('so $\\displaystyle \\sum_i x_i$ here')
  })

  it('stacks the rows of inline math in a table cell, where \\\\ would end the table row', () => {
    expect(body('| $a \\\\ b$ |\n|---|\n| 1 |')).toContain('$\\begin{gathered}a \\\\ b\\end{gathered}$ \\\\\n')
  })

  it('escapes what would break a formula in LaTeX, and shows unbalanced TeX as source', () => {
    expect(body('$50% \\text{and} a & b$')).toBe('$50\\% \\text{and} a \\& b$')
    expect(body('$\\frac{a}{b$')).toBe('\\texttt{\\$\\textbackslash{}frac\\{a\\}\\{b\\$}')
  })

  it('moves macro definitions to the preamble, made safe for names LaTeX already has', () => {
    const doc = exported('\\newcommand{\\vect}[1]{\\mathbf{#1}}\n\nThe $\\vect{x}$.')
    expect(doc).toContain('\\providecommand{\\vect}{}\\renewcommand{\\vect}[1]{\\mathbf{#1}}')
    expect(doc.indexOf('\\renewcommand{\\vect}')).toBeLessThan(doc.indexOf('\\begin{document}'))
  })
})

describe('code', () => {
  it('keeps code blocks verbatim, special characters and all', () => {
    const code = 'def f(x_1):\n    return {"a": 50 % 3}  # \\end{itemize} & ~'
    expect(body(`\`\`\`python\n${code}\n\`\`\``)).toBe(`% python\n\\begin{verbatim}\n${code}\n\\end{verbatim}`)
  })

  it('cannot be ended early by the text it shows', () => {
    expect(body('```\n\\end{verbatim}\n```')).toBe('\\begin{verbatim}\n\\end {verbatim}\n\\end{verbatim}')
  })
})

describe('links and images', () => {
  it('become \\href, or \\url when the text is the address', () => {
    // hyperref reads `\%` and `\#` in an address as `%` and `#` (pandoc writes them so too).
    expect(body('[the site](https://x.org/a_b%20c?q=1&r=2#frag)')).toBe(
      '\\href{https://x.org/a_b\\%20c?q=1&r=2\\#frag}{the site}',
    )
    expect(body('<https://x.org/path>')).toBe('\\url{https://x.org/path}')
    expect(body('[50% off](https://x.org/50%off)')).toBe('\\href{https://x.org/50\\%25off}{50\\% off}')
  })

  it('resolve site paths against the site, and drop unsafe targets', () => {
    expect(body('[a](/posts/other)')).toBe('\\href{https://blog.example/posts/other}{a}')
    expect(body('[b](javascript:alert(1))')).toBe('b')
  })

  it('show images as a figure with the image address, never downloading it', () => {
    expect(body('![A plot](/media/plot.png)')).toBe(
      '\\begin{figure}[htbp]\n\\centering\n\\fbox{\\parbox{0.9\\linewidth}{\\centering\\small Image: \\url{https://blog.example/media/plot.png}}}\n\\caption{A plot}\n\\end{figure}',
    )
    expect(body('Inline ![icon](https://x.org/i.png) here')).toBe(
      'Inline [image: icon] \\url{https://x.org/i.png} here',
    )
  })
})

describe('blocks', () => {
  it('turns lists into itemize and enumerate, keeping start numbers, nesting and task marks', () => {
    expect(body('- a\n- b\n  1. c\n  2. d')).toBe(
      '\\begin{itemize}\n\\item a\n\\item b\n\n\\begin{enumerate}\n\\item c\n\\item d\n\\end{enumerate}\n\\end{itemize}',
    )
    expect(body('3. three\n4. four')).toBe(
      '\\begin{enumerate}\n\\setcounter{enumi}{2}\n\\item three\n\\item four\n\\end{enumerate}',
    )
    expect(body('- [x] done\n- [ ] todo')).toBe(
      '\\begin{itemize}\n\\item[{[x]}] done\n\\item[{[ ]}] todo\n\\end{itemize}',
    )
    expect(body('- \\[not a label\\]')).toContain('\\item{} [not a label]')
  })

  it('flattens lists nested deeper than LaTeX allows', () => {
    const deep = ['- 1', '  - 2', '    - 3', '      - 4', '        - 5'].join('\n')
    const out = body(deep)
    expect(out.match(/\\begin\{itemize\}/g)).toHaveLength(4)
    expect(out).toContain('\\textbullet{}~5')
  })

  it('turns block quotes into quote', () => {
    expect(body('> Quoted *text*.')).toBe('\\begin{quote}\nQuoted \\emph{text}.\n\\end{quote}')
  })

  it('turns tables into booktabs tabulars, with the column alignment', () => {
    expect(body('| Name | Value |\n|:-----|------:|\n| a & b | $x_1$ |\n| [c] | 2 |')).toBe(
      [
        '\\begin{center}',
        '\\begin{minipage}{\\linewidth}',
        '\\centering',
        '\\begin{tabular}{@{}lr@{}}',
        '\\toprule',
        'Name & Value \\\\',
        '\\midrule',
        'a \\& b & $x_1$ \\\\',
        '{}[c] & 2 \\\\',
        '\\bottomrule',
        '\\end{tabular}',
        '\\end{minipage}',
        '\\end{center}',
      ].join('\n'),
    )
  })

  it('turns footnotes into \\footnote, a second reference pointing at the first', () => {
    expect(body('One[^a] and again[^a].\n\n[^a]: The *note*.')).toBe(
      'One\\footnote{\\label{fn:a:1}The \\emph{note}.} and again\\textsuperscript{\\ref{fn:a:1}}.',
    )
    // verbatim cannot go inside a footnote: its code is set line by line in a typewriter font.
    expect(body('Code note[^c].\n\n[^c]: See\n\n        x  = 1')).toBe(
      'Code note\\footnote{\\label{fn:c:1}See\n\n\\par\\noindent{\\ttfamily x~~=~1}\\par}.',
    )
  })

  it('writes what the site shows of a raw HTML block (sanitised), and drops inline tags silently', () => {
    expect(body('<div class="x">\n<b>hi</b>\n</div>\n\nText with <span>inline</span> tags.')).toBe(
      '\\textbf{hi}\n\nText with inline tags.',
    )
  })
})

describe('awkward input', () => {
  it.each([
    ['unbalanced display math', '$$\n\\frac{a}{b\n$$'],
    ['unbalanced display math in a footnote', 'x[^1]\n\n[^1]: $$\\left( a \\begin{x}$$'],
    ['an unclosed fence', '```\ncode { % # without end'],
    ['stray environments in prose', 'Text \\end{itemize} and \\begin{align} here.'],
    ['raw HTML everywhere', '<div>\n\n*md* in html\n\n</div>\n\n| a | <b>b</b> |\n|---|---|\n| <i>1</i> | 2 |'],
    ['lists nested in quotes in lists', '> - a\n>   > - b\n>   >   > 1. c\n>   >   >    > - d'],
    ['control and odd characters', 'bell\u0007 nel\u0085 lone\uD800 surrogate 😀 \u200B zero-width'],
    [
      'special characters in link text and targets',
      '[a_b & 50% #x](https://x.org/a b{c}^~`|\\d) and [t](<url with spaces>)',
    ],
    [
      'a heading with a link, code, math and a footnote',
      '## See [`x_y`](https://x.org) and $a_b$[^n]\n\n[^n]: Note with `code`.',
    ],
    ['footnotes inside tables and footnotes', '| a[^1] |\n|---|\n| b |\n\n[^1]: One[^2].\n\n[^2]: Two.'],
    ['percent and alignment in inline math', '$a & b % c$ and $x \\\\ y$'],
    ['dollar signs and escaped dollars', 'It costs \\$5 or $$3$4$$ or $ 5 $.'],
    ['a label at the start of a list item', '- [link](https://x.org) first\n- [x] done'],
    ['an image in a link', '[![badge](https://x.org/b.svg)](https://x.org)'],
  ])('%s still make a well-formed document', (_name, content) => {
    const doc = exported(content)
    expect(lintLatex(doc), doc).toEqual([])
  })

  it('shows unbalanced display math as source: verbatim, or typewriter lines inside a footnote', () => {
    expect(body('$$\n\\frac{a}{b\n$$')).toBe('\\begin{verbatim}\n\\frac{a}{b\n\\end{verbatim}')
    expect(body('x[^1]\n\n[^1]: See\n\n    $$\n    \\left( a\n    $$')).toBe(
      'x\\footnote{\\label{fn:1:1}See\n\n\\par\\noindent{\\ttfamily \\textbackslash{}left(~a}\\par}',
    )
    expect(body('$\\left( a$')).toBe('\\texttt{\\$\\textbackslash{}left( a\\$}')
  })
})

describe('bibliography', () => {
  const bibliography = JSON.stringify({
    introduction: 'Sources.',
    entries: [
      {
        id: 'knuth84',
        type: 'book',
        title: 'The TeXbook',
        authors: ['Donald E. Knuth'],
        publication: 'Addison-Wesley',
        year: 1984,
        isbn: '0-201-13447-0',
      },
      {
        id: 'a&b',
        type: 'article',
        title: 'On 100% of C_n',
        authors: ['A. One', 'B. Two', 'C. Three'],
        publication: 'J. Math',
        volume: '3',
        issue: '2',
        pages: '1--10',
        year: '2020',
        doi: '10.1000/x_1',
      },
      { id: 'w', type: 'website', title: 'A page', authors: [], url: 'https://x.org/~a', year: null },
    ],
    furtherReading: ['More on #TeX'],
  })

  it('writes the entries as \\bibitem in thebibliography', () => {
    const doc = exported('Text.', { bibliography })
    expect(lintLatex(doc)).toEqual([])
    expect(doc).toContain('\\begin{thebibliography}{99}')
    expect(doc).toContain(
      '\\bibitem{ref:knuth84}\nDonald E. Knuth.\n\\newblock \\emph{The TeXbook}.\n\\newblock Addison-Wesley, 1984.\n\\newblock ISBN~0-201-13447-0.',
    )
    expect(doc).toContain(
      '\\bibitem{ref:ab}\nA. One, B. Two, and C. Three.\n\\newblock On 100\\% of C\\_n.\n\\newblock \\emph{J. Math}, 3(2), pp.~1--10, 2020.\n\\newblock \\href{https://doi.org/10.1000/x_1}{doi:10.1000/x\\_1}',
    )
    expect(doc).toContain('\\bibitem{ref:w}\nA page.\n\\newblock \\url{https://x.org/\\%7Ea}')
    expect(doc).toContain('\\section*{Further reading}\n\\begin{itemize}\n\\item More on \\#TeX\n\\end{itemize}')
    expect(doc.indexOf('\\end{thebibliography}')).toBeLessThan(doc.indexOf('\\end{document}'))
  })

  it('is left out when there is none or it cannot be read', () => {
    expect(exported('Text.', { bibliography: null })).not.toContain('thebibliography')
    expect(exported('Text.', { bibliography: '{not json' })).not.toContain('thebibliography')
    expect(exported('Text.', { bibliography: '{"entries": []}' })).not.toContain('thebibliography')
  })
})
