/**
 * A small structural check of a LaTeX document, for tests on machines without TeX: the
 * environments pair up, braces balance, formulas open and close, and no character TeX treats
 * specially (`& % # _ ^`) stands unescaped in running text. It reads the body only
 * (`\begin{document}` … `\end{document}`); the preamble is fixed text of the template.
 */
const VERBATIM = new Set(['verbatim', 'lstlisting', 'comment'])
const MATH_ENVS = /^(?:equation|align|gather|multline|flalign|alignat|eqnarray)\*?$/
const ALIGNMENT_ENVS = /^(?:tabular|array|matrix|[pbBvV]matrix|cases|aligned|alignedat|gathered|split)$/
/** Commands whose first argument is a key or an address, not text. */
const RAW_ARGUMENT = new Set([
  'href',
  'url',
  'label',
  'ref',
  'eqref',
  'bibitem',
  'DeclareUnicodeCharacter',
  'setcounter',
  'nolinkurl',
])

export function lintLatex(doc: string): string[] {
  const problems: string[] = []
  const start = doc.indexOf('\\begin{document}')
  const end = doc.lastIndexOf('\\end{document}')
  if (start < 0 || end < start) return ['no \\begin{document} … \\end{document}']
  const text = doc.slice(start, end + '\\end{document}'.length)
  const envs: string[] = []
  let math: string | null = null
  let braces = 0
  let line = doc.slice(0, start).split('\n').length
  const problem = (message: string) => problems.push(`line ${line}: ${message}`)
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]
    if (ch === '\n') {
      line++
      continue
    }
    if (ch === '%') {
      const lineStart = text.lastIndexOf('\n', i - 1) + 1
      if (math === '$') problem('% inside inline math')
      else if (math === null && text.slice(lineStart, i).trim() !== '') problem('unescaped % in text')
      while (i + 1 < text.length && text[i + 1] !== '\n') i++
      continue
    }
    if (ch === '\\') {
      const m = /^\\([A-Za-z]+|[^A-Za-z])/.exec(text.slice(i, i + 60))
      const name = m?.[1] ?? ''
      i += name.length
      if (name === 'begin' || name === 'end') {
        const arg = /^\s*\{([^{}]*)\}/.exec(text.slice(i + 1))
        if (!arg) {
          problem(`\\${name} without an environment name`)
          continue
        }
        i += arg[0].length
        const env = arg[1]
        if (name === 'begin') {
          envs.push(env)
          if (VERBATIM.has(env)) {
            const close = text.indexOf(`\\end{${env}}`, i)
            if (close < 0) {
              problem(`${env} never ends`)
              break
            }
            line += text.slice(i, close).split('\n').length - 1
            i = close - 1
          } else if (MATH_ENVS.test(env)) {
            if (math !== null) problem(`${env} inside math`)
            math = env
          }
        } else {
          const open = envs.pop()
          if (open !== env) problem(`\\end{${env}} closes \\begin{${open ?? 'nothing'}}`)
          if (math === env) math = null
        }
        continue
      }
      if (name === '[' || name === '(') {
        if (math !== null) problem(`\\${name} inside math`)
        math = name
      } else if (name === ']' || name === ')') {
        if (math !== (name === ']' ? '[' : '(')) problem(`\\${name} without its opening`)
        else math = null
      } else if (name === 'verb') {
        const delimiter = text[i + 1]
        const close = text.indexOf(delimiter, i + 2)
        if (close < 0) problem('\\verb never ends')
        i = close
      } else if (RAW_ARGUMENT.has(name) || name === 'hyperref') {
        let j = i + 1
        if (name === 'hyperref' && text[j] === '[') j = text.indexOf(']', j) + 1
        if (text[j] === '{') {
          const close = matchingBrace(text, j)
          if (close < 0) problem(`\\${name}'s argument never closes`)
          else i = close
        }
      }
      continue
    }
    if (ch === '{') braces++
    else if (ch === '}') {
      if (--braces < 0) {
        problem('} without {')
        braces = 0
      }
    } else if (ch === '$') {
      if (text[i + 1] === '$') problem('$$ (use \\[ \\])')
      if (math === '$') math = null
      else if (math === null) math = '$'
      else problem('$ inside display math')
    } else if (math === null) {
      if (ch === '&' && !ALIGNMENT_ENVS.test(envs[envs.length - 1] ?? '')) problem('unescaped & in text')
      if (ch === '#' || ch === '_' || ch === '^') problem(`unescaped ${ch} in text`)
    } else if (ch === '#' && !/[1-9#]/.test(text[i + 1] ?? '')) problem('# inside math')
  }
  if (math !== null) problems.push(`math opened with ${math} never closes`)
  if (braces !== 0) problems.push(`${braces} brace(s) left open`)
  if (envs.length > 0) problems.push(`environments left open: ${envs.join(', ')}`)
  return problems
}

function matchingBrace(text: string, open: number): number {
  let depth = 0
  for (let p = open; p < text.length; p++) {
    if (text[p] === '\\') p++
    else if (text[p] === '{') depth++
    else if (text[p] === '}' && --depth === 0) return p
  }
  return -1
}
