import type { Data, Processor } from 'unified'

type MicromarkExtension = NonNullable<Data['micromarkExtensions']>[number]
type FromMarkdownExtensions = NonNullable<Data['fromMarkdownExtensions']>

/**
 * GFM's autolink literals, made cheaper (use after remark-gfm). micromark tries its e-mail
 * construct at every letter and digit of the text, which measured as a tenth of all parsing on
 * the corpus, while remark-gfm's tree transform finds e-mail addresses in the text again
 * afterwards anyway. So the construct is dropped and the transform links them.
 *
 * `{ none: true }` drops autolink literals altogether (constructs and transform), for a parse
 * that only wants the text: a link's text is the address it links.
 */
export default function remarkLeanAutolinks(this: Processor, options: { none?: boolean } = {}): void {
  const drop = new Set(options.none ? ['emailAutolink', 'wwwAutolink', 'protocolAutolink'] : ['emailAutolink'])
  const data = this.data()
  data.micromarkExtensions = (data.micromarkExtensions ?? []).map((extension) => withoutConstructs(extension, drop))
  if (options.none) data.fromMarkdownExtensions = withoutAutolinkTransform(data.fromMarkdownExtensions ?? [])
}

function withoutConstructs(extension: MicromarkExtension, drop: ReadonlySet<string>): MicromarkExtension {
  const text = extension.text
  if (!text) return extension
  const kept: Record<number, unknown> = {}
  for (const [code, value] of Object.entries(text)) {
    const constructs = (Array.isArray(value) ? value : [value]).filter((c) => !c?.name || !drop.has(c.name))
    if (constructs.length) kept[Number(code)] = constructs
  }
  return { ...extension, text: kept as MicromarkExtension['text'] }
}

/** The from-markdown extensions without autolink literals' (the one that handles `literalAutolink` tokens). */
function withoutAutolinkTransform(extensions: FromMarkdownExtensions): FromMarkdownExtensions {
  type Single = Exclude<FromMarkdownExtensions[number], unknown[]>
  const isAutolinks = (e: Single) => e.enter != null && 'literalAutolink' in e.enter
  return extensions
    .map((e) => (Array.isArray(e) ? e.filter((x) => !isAutolinks(x)) : e))
    .filter((e) => Array.isArray(e) || !isAutolinks(e))
}
