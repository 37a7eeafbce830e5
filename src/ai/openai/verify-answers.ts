import type { Annotation, Bibliography, MathematicalModel } from '../../shared/schemas/index.js'

/**
 * A model's answer checked against the essay before anything is stored (issue 22): what cannot
 * be found in the essay is dropped, and counted. The model is told the same rules; this is
 * what makes them hold.
 */
export interface Checked<T> {
  value: T
  dropped: number
}

const norm = (text: string) => text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim()
/** TeX compared with spaces and braces removed. */
const normTex = (tex: string) => tex.replace(/\\(?:label|tag)\*?\s*\{[^{}]*\}/g, '').replace(/[\s{}]/g, '')

/** Each annotation's target occurs in the essay as the reader reads it. */
export function checkAnnotations(list: Annotation[], plainText: string): Checked<Annotation[]> {
  const page = norm(plainText)
  const value = list.filter((a) => page.includes(norm(a.targetText)))
  return { value, dropped: list.length - value.length }
}

/** Each equation is one the essay writes (spaces and braces aside), each variable a symbol it uses. */
export function checkModel(model: MathematicalModel, essayTex: readonly string[]): Checked<MathematicalModel> {
  const written = essayTex.map(normTex).join('\n')
  const equations = model.equations.filter((e) => {
    const tex = normTex(e.equation.replace(/^\$+|\$+$/g, ''))
    return tex !== '' && written.includes(tex)
  })
  const variables = model.variables.filter((v) => {
    const symbol = normTex(v.symbol.replace(/^\$+|\$+$/g, ''))
    return symbol !== '' && written.includes(symbol)
  })
  return {
    value: { ...model, equations, variables },
    dropped: model.equations.length - equations.length + model.variables.length - variables.length,
  }
}

/** "Laplace, 1774": the first author's surname and the year, as an author–year citation gives them. */
function authorYearIn(e: Bibliography['entries'][number], text: string): boolean {
  const surname = norm(e.authors[0] ?? '')
    .split(/[,\s]+/)
    .filter((w) => w.length >= 3)[0]
  const year = e.year === null || e.year === undefined ? '' : String(e.year)
  return Boolean(
    surname &&
    /^\d{4}$/.test(year) &&
    new RegExp(`\\b${surname.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b[^]{0,80}\\b${year}\\b`).test(text),
  )
}

/**
 * Each entry names a work the essay or its bibliography gives (its address, DOI or title is
 * there); further reading names only the site's essays the model was offered.
 */
export function checkBibliography(
  bib: Bibliography,
  sources: string,
  offered: readonly string[],
): Checked<Bibliography> {
  const text = norm(sources)
  const entries = bib.entries.filter(
    (e) =>
      [e.url, e.doi, e.title].some((x) => x && norm(x).length >= 4 && text.includes(norm(x).replace(/\/+$/, ''))) ||
      authorYearIn(e, text),
  )
  const titles = new Set(offered.map(norm))
  const furtherReading = bib.furtherReading.filter((t) => titles.has(norm(t)))
  return {
    value: { ...bib, entries, furtherReading },
    dropped: bib.entries.length - entries.length + bib.furtherReading.length - furtherReading.length,
  }
}
