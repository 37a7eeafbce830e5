/**
 * TeX a reader of an aid would see as such (issue 39: "never TeX macros, `displaystyle` or
 * ASCII-math in prose"): a command (`\frac`), a command's name read as a word (`displaystyle`,
 * `mathopmax`), an unexpanded macro read as letters (`RR^d`, `xx`, `defas`), a sub- or
 * superscript that plain text could not set (`argmin_(`, `e^(`, `x_T`), or `$…$` left in.
 */
const TEX_IN_PROSE: RegExp[] = [
  /\\[A-Za-z]+/,
  /\b(?:displaystyle|textstyle|scriptstyle|scriptscriptstyle|mathop\w*|mathbf\w*|mathrm\w*|mathbb\w*|mathcal\w*|mathit\w*|mathsf\w*|boldsymbol\w*|operatorname\w*|dfrac|tfrac|frac|defas|coloneqq|textbf|emph|lbrace|rbrace|lfloor|rfloor|lceil|rceil|ldots|cdots|qquad|quad)\b/,
  // a command's name no English word shares ("σ odot ε", "x cdot y")
  /\b(?:odot|oplus|otimes|cdot|cdots|ldots|vdots|ddots|infty|varepsilon|varphi|vartheta|varrho|leq|geq|neq|approx|propto|nabla|xrightarrow|rightarrow|leftarrow|subseteq|supseteq|setminus|emptyset|varnothing|forall|sqrt|lfloor|rfloor|lceil|rceil|langle|rangle|widehat|widetilde|overline|underbrace|overbrace|mathfrak|mathscr|textrm|texttt|bigcup|bigcap|iint|hbar)\b/,
  /[\p{L}\p{N}\p{M})\]′'][_^][({]/u,
  // a one-character script with no Unicode form on a short symbol (`x_T`, `F_X(x)`), not a snake_case name
  /(?<![\p{L}\p{N}_])\p{L}{1,3}\p{M}?[_^][\p{L}\p{N}](?![\p{L}\p{N}_])/u,
  /\b(?:RR|NN|ZZ|QQ|CC|EE|PP)(?:\^|\b)/,
  /(?<![\p{L}\p{N}])([a-z])\1(?![\p{L}\p{N}])/u,
  /\$[^$\s][^$]*\$/,
  /_\(\)|\^\(\)/,
  // what TeX set as HTML or with a colour leaves when read as text: "amp;=", "\\ α", "colorcolorstepsizeh"
  /(?<![\p{L}])(?:amp|lt|gt|nbsp);|\\(?=\s|[^\p{ASCII}])|\b(?:colorcolor|textcolor|colorbox|pmb)\w/u,
]

export function hasTexInProse(text: string): boolean {
  return TEX_IN_PROSE.some((p) => p.test(text))
}
