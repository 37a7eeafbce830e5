/**
 * Names of TeX commands that are markup, not words: an essay's text keeps its formulas' TeX, so
 * `\mathbb{R}` or `\bar{y}_{\bullet}` leave "mathbb", "bar" and "bullet" among its terms. Words
 * TeX shares with prose (`\max`, `\beta`, `\exp`) are not listed.
 */
const MARKUP = new Set(
  (
    'mathbb mathbf mathrm mathit mathsf mathcal mathscr mathfrak mathop boldsymbol textrm textbf textit ' +
    'operatorname displaystyle textstyle scriptstyle frac dfrac tfrac sqrt begin end left right bigl bigr ' +
    'bigg biggl biggr overline underline overbrace underbrace widehat widetilde hat vec tilde ddot cdot cdots ' +
    'ldots dots vdots ddots bullet infty partial nabla leq geq neq approx equiv propto subseteq supseteq ' +
    'limits nolimits quad qquad intercal otimes oplus odot lvert rvert vert langle rangle lbrace rbrace ' +
    'mid sim simeq mapsto rightarrow leftarrow longrightarrow forall exists emptyset setminus cdotp ' +
    'label tag eqref notag nonumber hline array aligned align cases pmatrix bmatrix vmatrix matrix'
  ).split(' '),
)

/**
 * A term worth showing a reader as why a post was found by meaning: a word of four letters or
 * more, not TeX markup nor a formula's run of index letters ("ijk", "ij", "j" from `a_{ijk}`).
 */
export function isShowableTerm(term: string): boolean {
  return [...term].length >= 4 && /\p{L}/u.test(term) && !/^\p{N}/u.test(term) && !MARKUP.has(term)
}
