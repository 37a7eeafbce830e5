/** Display environments and the forms KaTeX sets inside a line (its `aligned` family). */
const INLINE_FORMS: Record<string, string> = {
  align: 'aligned',
  alignat: 'alignedat',
  flalign: 'aligned',
  gather: 'gathered',
  multline: 'gathered',
  eqnarray: 'aligned',
}

/**
 * An in-line formula holding a display environment (`$$\begin{align*} … \end{align*}$$` run into
 * a list item's sentence, as pawel-czyz.github.io writes one): MathJax sets it whatever the mode;
 * KaTeX refuses `align*` in a line but sets its line-level twin (`aligned`) the same. An
 * equation's own environment is only its content; numbers, labels and tags have no place in a line.
 * Null when the formula holds no such environment.
 */
export function inlineEnvironments(tex: string): string | null {
  if (!/\\begin\{(?:align|alignat|flalign|gather|multline|eqnarray|equation)\*?\}/.test(tex)) return null
  return tex
    .replace(
      /\\(begin|end)\{(align|alignat|flalign|gather|multline|eqnarray)\*?\}/g,
      (_, edge: string, name: string) => `\\${edge}{${INLINE_FORMS[name]}}`,
    )
    .replace(/\\(?:begin|end)\{equation\*?\}/g, '')
    .replace(/\\(?:label\{[^{}]*\}|tag\*?\{[^{}]*\}|nonumber\b|notag\b)/g, '')
}
