import type { Root } from 'mdast'
import { mystParse } from 'myst-parser'
import type { EssayAnchor } from '../../../shared/schemas/index.js'
import { MYST_DIRECTIVE_SPECS, MYST_ROLE_SPECS } from './directives.js'
import type { MystNode } from './myst-node.js'
import { MystNumbering } from './numbering.js'
import { MystToMdast } from './to-mdast.js'
import { expandUnknownDirectives } from './unknown-directives.js'
import { expandIncludes } from './includes.js'
import { joinDisplayLines } from './display-blank-lines.js'
import { expandSubstitutions } from './substitutions.js'
import { expandSphinxGlossaries } from './glossary.js'

const KNOWN_DIRECTIVES: ReadonlySet<string> = new Set(
  MYST_DIRECTIVE_SPECS.flatMap((spec) => [spec.name, ...(spec.alias ?? [])].map((n) => n.toLowerCase())),
)

function parse(markdown: string): MystNode {
  return withoutPositions(
    mystParse(joinDisplayLines(markdown), {
      directives: MYST_DIRECTIVE_SPECS,
      roles: MYST_ROLE_SPECS,
      // Typography is the shared pipeline's (remark-typography); a lone picture stays in its paragraph, where remark-figures looks.
      extensions: { frontmatter: false, smartquotes: false },
      mdast: { hoistSingleImagesOutofParagraphs: false },
    }) as unknown as MystNode,
  )
}

/**
 * The MyST parser's positions have lines but no offsets, which hast-util-raw's position
 * patching requires; nothing downstream reads positions, so they go.
 */
function withoutPositions(node: MystNode): MystNode {
  delete node.position
  if (node.children) for (const child of node.children) withoutPositions(child)
  return node
}

/** A MyST document read into the mdast the shared pipeline continues from. */
export interface MystReading {
  tree: Root
  /** Labels the document defines (sections, figures, tables, equations, theorem-like blocks). */
  anchors: EssayAnchor[]
  /** Problems met while reading, as `[rule, message]`. */
  warnings: Array<[string, string]>
}

/** What a MyST page may draw on beyond its body. */
export interface MystSources {
  /** The text of a file the page includes, as written in it; null when out of reach. */
  readInclude?: (ref: string) => string | null
  /** Substitution values by key, the page's over its book's (see substitutions.ts). */
  substitutions?: ReadonlyMap<string, string>
  /** Whether `@key` names a work the page can cite; else it names a label (mystmd reads it so). */
  citable?: (key: string) => boolean
}

/**
 * Reads a MyST body (front matter already removed) with the mystmd project's own parser, then
 * turns its roles and directives into Scholia's document kinds (to-mdast.ts). The result joins
 * the common pipeline after parsing, so sanitising, citations, KaTeX, highlighting and the
 * essay reading are the same as for every other essay.
 */
export function readMyst(body: string, sources: MystSources = {}): MystReading {
  const warnings: Array<[string, string]> = []
  const warn = (rule: string, message: string): void => {
    if (!warnings.some(([r, m]) => r === rule && m === message)) warnings.push([rule, message])
  }
  // Included files and unknown directives' bodies are read before substituting, so references there count too.
  const read = (markdown: string): MystNode => {
    const tree = parse(markdown)
    expandIncludes(tree, parse, sources.readInclude, warn)
    expandUnknownDirectives(tree, parse, KNOWN_DIRECTIVES, warn)
    expandSphinxGlossaries(tree, parse)
    return tree
  }
  const parsed = read(body)
  expandSubstitutions(parsed, { values: sources.substitutions ?? new Map(), read, warn })
  const numbering = new MystNumbering()
  numbering.number(parsed)
  const converter = new MystToMdast(numbering, warn, sources.citable)
  const tree = { type: 'root', children: converter.children(parsed) } as unknown as Root
  return { tree, anchors: numbering.labels.list(), warnings }
}
