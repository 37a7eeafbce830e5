import postcss, { type AtRule, type ChildNode, type Rule } from 'postcss'
import selectorParser from 'postcss-selector-parser'
import {
  filesFor,
  fontFileOf,
  fontUseOf,
  rootVars,
  setsItalic,
  textFamilies,
  type FontFile,
  type FontUse,
} from './font-files.js'

/**
 * The app's stylesheet cut down to what one page's markup can use, for a `<style>` in the
 * head: the page paints from its own HTML, and the full stylesheet (linked at the end of the
 * body) no longer holds the first paint. It is indexed once, when the server starts; cutting
 * it for a page is a scan of the page's tags, classes and ids and a walk over the index.
 *
 * A rule is kept when, for one of its selectors, every class, id and element name outside a
 * functional pseudo-class (`:not(.x)`, `:is()`, `:has()`) appears somewhere in the page. That
 * keeps more than a browser would match, never less: what the page shows before the full
 * stylesheet arrives is styled exactly as after it, so nothing shifts when it does.
 *
 * Every font face is kept, used or not: the stylesheet linked after it comes without them (a
 * font face added to a painted page has all its text laid out again), and a page the app
 * shows later, formulas and all, needs them.
 *
 * The same walk tells which font files the page's text is set in (font-files.ts), for the
 * page to ask for in its head.
 */
export interface CriticalCss {
  forMarkup(markup: string): PageStyles
}

export interface PageStyles {
  /** The rules the markup can use, in the stylesheet's order, with the at-rules around them. */
  css: string
  /** The Latin font files those rules set the page's text in (font-files.ts), as the stylesheet addresses them. */
  fontFiles: string[]
}

/** The font faces of a built stylesheet, taken out of it (scripts/font-faces-apart.ts): `assets/x.css` → `assets/x.fonts.css`. */
export const fontFacesFile = (cssFile: string): string => cssFile.replace(/\.css$/, '.fonts.css')

/** What one selector of a rule needs the page to hold. */
export interface Need {
  classes: string[]
  ids: string[]
  tags: string[]
}

export type Piece =
  /**
   * needs: null when the rule applies whatever the markup (`*`, `:root`, a selector we cannot read).
   * font: the face it names; italic: it sets italic on an inherited family. Both left out in print.
   */
  | { kind: 'rule'; text: string; needs: Need[] | null; font: FontUse | null; italic: boolean }
  | { kind: 'group'; open: string; children: Piece[] }
  | { kind: 'always'; text: string }

/** What a page's kept rules set its text in. */
interface FontsSeen {
  uses: FontUse[]
  inheritedItalic: boolean
}

interface PageTokens {
  classes: Set<string>
  ids: Set<string>
  tags: Set<string>
}

/** At-rules whose content is rules to choose from; any other (@font-face, @keyframes, @property, @page) is kept whole. */
const GROUPS = new Set(['media', 'supports', 'layer', 'container', 'scope', 'document'])

/** Elements the browser sets in italic itself, in whatever family they inherit. */
const ITALIC_TAGS = ['em', 'i', 'cite', 'dfn', 'var', 'address']

/**
 * What the index holds, as plain data: `blog build` (scripts/build.mjs) writes it beside the
 * manifest, so `blog serve` starts without parsing the stylesheets (half a second of CPU).
 */
export interface CriticalIndex {
  pieces: Piece[]
  families: string[]
  files: FontFile[]
}

/**
 * Index the stylesheets Vite built, in their order. Their `url(./file)` addresses are relative
 * to their own `folder` ('/assets/'); inlined in a page, they name it.
 */
export function indexCriticalCss(sheets: { css: string; folder: string }[]): CriticalCss {
  return criticalCssFrom(criticalIndexOf(sheets))
}

export function criticalIndexOf(sheets: { css: string; folder: string }[]): CriticalIndex {
  const roots = sheets.map(({ css, folder }) => postcss.parse(withFolder(css, folder)))
  const topRules = roots.flatMap((root) => root.nodes.filter((n): n is Rule => n.type === 'rule'))
  const vars = rootVars(topRules)
  const families = textFamilies(vars)
  const files = roots
    .flatMap((root) =>
      root.nodes
        .filter((n): n is AtRule => n.type === 'atrule' && n.name.toLowerCase() === 'font-face')
        .map(fontFileOf),
    )
    .filter((f): f is FontFile => f !== null)
  const pieces = roots
    .flatMap((root) => root.nodes.map((node) => toPiece(node, vars, false)))
    .filter((p): p is Piece => p !== null)
  return { pieces, families, files }
}

/** Cuts pages' styles from an index, built now or read back from the build's file. */
export function criticalCssFrom({ pieces, families, files }: CriticalIndex): CriticalCss {
  return {
    forMarkup(markup) {
      const tokens = pageTokens(markup)
      const seen: FontsSeen = { uses: [], inheritedItalic: ITALIC_TAGS.some((t) => tokens.tags.has(t)) }
      const css = pieces.map((p) => emit(p, tokens, seen)).join('')
      const uses = seen.inheritedItalic
        ? [...seen.uses, ...families.map((family) => ({ family, italic: true, weight: 400 }))]
        : seen.uses
      return { css, fontFiles: [...new Set(uses.flatMap((use) => filesFor(use, files)))] }
    },
  }
}

function toPiece(node: ChildNode, vars: ReadonlyMap<string, string>, inPrint: boolean): Piece | null {
  if (node.type === 'rule') {
    const font = inPrint ? null : fontUseOf(node, vars)
    return {
      kind: 'rule',
      text: node.toString(),
      needs: needsOf(node),
      font,
      italic: !inPrint && font === null && setsItalic(node),
    }
  }
  if (node.type !== 'atrule') return null
  const name = node.name.toLowerCase()
  if (GROUPS.has(name) && node.nodes) {
    const print = inPrint || (name === 'media' && /^\s*print\s*$/i.test(node.params))
    const children = node.nodes.map((child) => toPiece(child, vars, print)).filter((p): p is Piece => p !== null)
    return { kind: 'group', open: `@${node.name}${node.raws.afterName ?? ' '}${node.params}{`, children }
  }
  // A statement (`@layer a,b;`, `@import`) ends with a semicolon that postcss keeps outside the node.
  return { kind: 'always', text: node.nodes ? node.toString() : `${node.toString()};` }
}

function emit(piece: Piece, tokens: PageTokens, seen: FontsSeen): string {
  switch (piece.kind) {
    case 'rule': {
      if (piece.needs !== null && !piece.needs.some((n) => satisfied(n, tokens))) return ''
      if (piece.font) seen.uses.push(piece.font)
      if (piece.italic) seen.inheritedItalic = true
      return piece.text
    }
    case 'always':
      return piece.text
    case 'group': {
      const inner = piece.children.map((c) => emit(c, tokens, seen)).join('')
      return inner === '' ? '' : `${piece.open}${inner}}`
    }
  }
}

const satisfied = (need: Need, t: PageTokens) =>
  need.classes.every((c) => t.classes.has(c)) &&
  need.ids.every((i) => t.ids.has(i)) &&
  need.tags.every((g) => t.tags.has(g))

function needsOf(rule: Rule): Need[] | null {
  // Rules nested in it select only what its own selector does, or what lies inside: they go with it.
  try {
    const needs: Need[] = []
    selectorParser((selectors) => {
      selectors.each((selector) => {
        const need: Need = { classes: [], ids: [], tags: [] }
        selector.walk((node) => {
          // Inside :not(), :is(), :where() and :has() a name is not required (or only one of several).
          if (insideFunctionalPseudo(node)) return
          if (node.type === 'class') need.classes.push(node.value)
          else if (node.type === 'id') need.ids.push(node.value)
          else if (node.type === 'tag' && node.namespace === undefined) need.tags.push(node.value.toLowerCase())
        })
        needs.push(need)
      })
    }).processSync(rule.selector)
    return needs.some((n) => n.classes.length + n.ids.length + n.tags.length === 0) ? null : needs
  } catch {
    return null
  }
}

function insideFunctionalPseudo(node: selectorParser.Node): boolean {
  for (let p = node.parent; p; p = p.parent) if (p.type === 'pseudo') return true
  return false
}

/** `url(./file)` is relative to the stylesheet's folder; inlined into a page it must name that folder. */
function withFolder(css: string, folder: string): string {
  return css.replace(
    /url\(\s*(['"]?)\.\/([^'")\s]+)\1\s*\)/g,
    (_m, quote: string, file: string) => `url(${quote}${folder}${file}${quote})`,
  )
}

const TAG_NAME = /<([a-zA-Z][a-zA-Z0-9-]*)/g
const CLASS_OR_ID = /\s(class|id)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/gi

/** Every element name, class and id the markup holds (anywhere: a superset is safe). */
function pageTokens(markup: string): PageTokens {
  const tokens: PageTokens = { classes: new Set(), ids: new Set(), tags: new Set() }
  // A long essay repeats a few tag names and class lists tens of thousands of times (KaTeX's
  // spans): each distinct one is lowercased or split once, and no match array is kept.
  const tags = new Set<string>()
  TAG_NAME.lastIndex = 0
  for (let m; (m = TAG_NAME.exec(markup));) tags.add(m[1]!)
  for (const tag of tags) tokens.tags.add(tag.toLowerCase())
  const classLists = new Set<string>()
  CLASS_OR_ID.lastIndex = 0
  for (let m; (m = CLASS_OR_ID.exec(markup));) {
    const value = m[2] ?? m[3] ?? m[4] ?? ''
    if (m[1]!.length === 2) tokens.ids.add(value)
    else classLists.add(value)
  }
  for (const list of classLists) for (const c of list.split(/\s+/)) if (c) tokens.classes.add(c)
  return tokens
}
