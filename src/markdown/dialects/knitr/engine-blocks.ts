import { stringOption, stringOptionValue } from './chunk-options.js'

/**
 * bookdown's block engines, which knitr runs before pandoc reads the page: a chunk
 * ```` ```{theorem pyth, name="Pythagorean theorem"} ```` is the theorem `::: {.theorem #pyth
 * name="…"}` and ```` ```{block2, type='rmdnote'} ```` a `<div class="rmdnote">`, their bodies
 * markdown. bookdown's book still teaches both forms beside the fenced divs it now prefers, and
 * older books use nothing else. Left alone, they showed as code in a language named "theorem".
 */

/** The theorem and proof engines bookdown registers (its `theorem_abbr` and `label_names_math2`). */
const ENGINES = new Set([
  'theorem',
  'lemma',
  'corollary',
  'proposition',
  'conjecture',
  'definition',
  'example',
  'exercise',
  'hypothesis',
  'proof',
  'remark',
  'solution',
])
/** bookdown's callout-like block types, as the styled asides Quarto calls them. */
const CALLOUTS: Record<string, string> = {
  rmdnote: 'callout-note',
  rmdtip: 'callout-tip',
  rmdwarning: 'callout-warning',
  rmdcaution: 'callout-caution',
  rmdimportant: 'callout-important',
}

const FENCE = /^([ \t]{0,3})(`{3,}|~{3,})(.*)$/
/** `{theorem pyth, name="…"}`, `{block2, type='rmdnote'}`: the engine, then knitr options. */
const HEADER = /^\s*\{([A-Za-z][\w]*)(?:[\s,]([^]*))?\}\s*$/
const LABEL_OPTION = stringOption('label')
const NAME_OPTION = stringOption('name')
const TYPE_OPTION = stringOption('type')
/** The chunk's label: a first option that assigns nothing (`{theorem pyth, …}`). */
const FIRST_LABEL = /^\s*([\w.:-]+)\s*(?:,|$)/

/** `text` with each block-engine chunk written as the fenced div knitr would have produced. */
export function expandEngineBlocks(text: string): string {
  if (!text.includes('`{') && !text.includes('~{')) return text
  const lines = text.split('\n')
  let open: { fence: string; div: boolean } | null = null
  let changed = false
  for (let i = 0; i < lines.length; i++) {
    const fence = FENCE.exec(lines[i])
    if (open) {
      // A fence closes on the same character, at least as long, with nothing after it.
      if (fence && fence[2][0] === open.fence[0] && fence[2].length >= open.fence.length && fence[3].trim() === '') {
        if (open.div) {
          lines[i] = `${fence[1]}:::`
          changed = true
        }
        open = null
      }
      continue
    }
    if (!fence) continue
    const div = fence[2][0] === '`' ? divOpening(fence[3]) : null
    open = { fence: fence[2], div: div !== null }
    if (div !== null) {
      lines[i] = `${fence[1]}${div}`
      changed = true
    }
  }
  return changed ? lines.join('\n') : text
}

/** The fenced div's opening line for a block-engine chunk header, or null for any other fence. */
function divOpening(info: string): string | null {
  const header = HEADER.exec(info)
  if (!header) return null
  const engine = header[1].toLowerCase()
  const options = header[2] ?? ''
  if (ENGINES.has(engine)) {
    const label = stringOptionValue(options, LABEL_OPTION) ?? FIRST_LABEL.exec(options)?.[1] ?? null
    const name = stringOptionValue(options, NAME_OPTION)
    return `::: {.${engine}${label ? ` #${label}` : ''}${name ? ` name="${name.replace(/"/g, '&quot;')}"` : ''}}`
  }
  if (engine === 'block' || engine === 'block2') {
    const type = stringOptionValue(options, TYPE_OPTION)?.trim() ?? ''
    const classes = type
      .split(/\s+/)
      .filter((c) => /^[A-Za-z][\w-]*$/.test(c))
      .map((c) => `.${CALLOUTS[c] ?? c}`)
    return `::: {${classes.length > 0 ? classes.join(' ') : '.block'}}`
  }
  return null
}
