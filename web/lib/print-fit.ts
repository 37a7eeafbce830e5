/**
 * Getting an essay ready for paper (issue 40). On screen a display formula wider than the column
 * scrolls sideways; paper cannot scroll, so a wide formula printed cut off mid-expression, its
 * number too. CSS alone cannot shrink a box to fit its content, so each formula's natural width
 * is measured here, in ems of its own font (the same whatever the page's width or the print
 * font size), and handed to print.css as `--formula-ems`; there a container query sets the
 * formula's font size so that it spans at most the printed column. Closed `<details>` are opened
 * for the print, as the printed page cannot be clicked, and closed again afterwards.
 */

const FORMULAS = '.prose .katex-display'
const CLOSED_DETAILS = '.prose details:not([open])'
const OPENED_FOR_PRINT = 'data-opened-for-print'

/** Width of a KaTeX display formula in its own ems: its widest line, number included. */
export function formulaEms(display: Element): number | null {
  const katex = display.querySelector(':scope > .katex')
  const html = katex?.querySelector(':scope > .katex-html')
  if (!katex || !html) return null
  const em = parseFloat(getComputedStyle(katex).fontSize)
  if (!(em > 0)) return null
  // A top-level `\\` is a `.newline` between the runs of `.base` boxes: lines, not one row.
  let widest = 0
  let line = 0
  for (const child of Array.from(html.children)) {
    if (child.classList.contains('newline')) {
      widest = Math.max(widest, line)
      line = 0
      continue
    }
    line += child.getBoundingClientRect().width
  }
  widest = Math.max(widest, line)
  return widest > 0 ? widest / em : null
}

/** Marks every display formula in the document with its width, for print.css's scaling. */
export function measureFormulas(doc: Document): void {
  const widths = Array.from(doc.querySelectorAll<HTMLElement>(FORMULAS), (el) => [el, formulaEms(el)] as const)
  // Read every width first, then write: one layout, not one per formula.
  for (const [el, ems] of widths) {
    if (ems !== null) el.style.setProperty('--formula-ems', ems.toFixed(3))
  }
}

function openDetails(doc: Document): void {
  for (const details of doc.querySelectorAll<HTMLDetailsElement>(CLOSED_DETAILS)) {
    details.open = true
    details.setAttribute(OPENED_FOR_PRINT, '')
  }
}

function closeDetails(doc: Document): void {
  for (const details of doc.querySelectorAll<HTMLDetailsElement>(`[${OPENED_FOR_PRINT}]`)) {
    details.open = false
    details.removeAttribute(OPENED_FOR_PRINT)
  }
}

/**
 * Prepares the page whenever it is printed: the browser's print (beforeprint / afterprint) and
 * a switch to print media without them (a headless browser's PDF after emulating print).
 */
export function preparePrinting(win: Window = window): void {
  const before = () => {
    openDetails(win.document)
    measureFormulas(win.document)
  }
  const after = () => closeDetails(win.document)
  win.addEventListener('beforeprint', before)
  win.addEventListener('afterprint', after)
  win.matchMedia?.('print').addEventListener('change', (e) => (e.matches ? before() : after()))
}
