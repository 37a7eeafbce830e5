import type { InlineContext } from '../inline.js'

/**
 * Jekyll/Liquid tags met in prose (`{% name args %}`), one renderer per tag name, each in a
 * file of its own under this folder. A renderer returns markdown (or inline HTML) to put in the
 * tag's place; a tag with no renderer is removed, as Liquid's output would not be ours to show.
 */
export type LiquidTagRenderer = (args: string, ctx: InlineContext) => string

const renderers = new Map<string, LiquidTagRenderer>()

/** Registers the renderer of one tag name (lower case). Called by the tag modules below. */
export function defineLiquidTag(name: string, render: LiquidTagRenderer): void {
  renderers.set(name, render)
}

/** Markdown for `{% inner %}` (inner without the braces, trim markers included), or '' to drop it. */
export function renderLiquidTag(inner: string, ctx: InlineContext): string {
  const m = /^-?\s*([A-Za-z_][\w.-]*)\s*([^]*?)\s*-?$/.exec(inner)
  if (!m) return ''
  const render = renderers.get(m[1].toLowerCase())
  return render ? render(m[2], ctx) : ''
}

/** Parses `key=value key2="quoted value"` arguments, as Jekyll includes take them. */
export function liquidArguments(args: string): Map<string, string> {
  const out = new Map<string, string>()
  // A name is tried only from the start of a run of name characters: tried from inside one too,
  // a long run with no `=` after it was quadratic (200,000 dashes took 200 s; issue 21).
  for (const m of args.matchAll(/(?<![\w-])([\w-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|(\S+))/g))
    out.set(m[1], m[2] ?? m[3] ?? m[4] ?? '')
  return out
}
