import { defaultSchema } from 'rehype-sanitize'
import type { Options as Schema } from 'rehype-sanitize'

const defaults = defaultSchema.attributes ?? {}

/**
 * Inline SVG, as the Julia blog embeds plots: shapes and text with presentation attributes.
 * Nothing here can run script or load a resource (no `use`, `image`, `foreignObject`,
 * `animate`/`set`, `style`, event handlers or `href`s).
 */
const SVG_TAGS = [
  'svg',
  'g',
  'defs',
  'clipPath',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'linearGradient',
  'radialGradient',
  'stop',
]
const SVG_ATTRIBUTES = [
  'viewBox',
  'preserveAspectRatio',
  'width',
  'height',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'd',
  'points',
  'transform',
  'fill',
  'fillOpacity',
  'fillRule',
  'stroke',
  'strokeWidth',
  'strokeOpacity',
  'strokeDasharray',
  'strokeLinecap',
  'strokeLinejoin',
  'opacity',
  'clipPath',
  'clipPathUnits',
  'fontFamily',
  'fontSize',
  'fontWeight',
  'textAnchor',
  'dominantBaseline',
  'offset',
  'stopColor',
  'stopOpacity',
  'gradientUnits',
]

/**
 * Distill's layout classes, which say how wide a block is: `l-page` and the outsets reach into
 * the margin, `l-screen` spans the window, `l-gutter` is a margin note (see post-notes.css).
 */
export const DISTILL_LAYOUTS = /^l-(?:body|page|screen|middle)(?:-outset|-inset)?$|^l-gutter$/

/**
 * The Bootstrap grid al-folio posts place figures side by side with (`<div class="row">` of
 * `col-sm`, `col-sm-4`, `col-8` …) and its `caption` line under them. A fixed list the post
 * styles re-create (web/styles/prose-grid.css), not the theme's classes at large: spacing,
 * shadows and colours (`mt-3`, `z-depth-1`, `img-fluid`) are the theme's look, not the essay's.
 */
const SITE_GRID = /^row$|^col(?:-(?:sm|md))?(?:-(?:[1-9]|1[0-2]))?$|^caption$/

/** The document kinds every dialect's blocks end in (markdown/dialects/blocks.ts). */
const DOCUMENT_BLOCKS = /^(?:callout|theorem|proof)(?:-[a-z][\w-]*)?$/

/**
 * GitHub-style sanitation (rehype-sanitize's default) widened for academic essays: math from
 * remark-math, Franklin divs, figures, media and inline SVG. It runs after rehype-raw, on the
 * whole tree, so nothing the author wrote as HTML bypasses it; the KaTeX and highlight.js markup
 * added after it is generated, not authored.
 */
export const sanitizeSchema: Schema = {
  ...defaultSchema,
  tagNames: [
    ...(defaultSchema.tagNames ?? []),
    'figure',
    'figcaption',
    'caption',
    'colgroup',
    'col',
    'mark',
    'small',
    'u',
    'abbr',
    'cite',
    'dfn',
    'video',
    'audio',
    // margin notes (distill and Tufte-style essays)
    'aside',
    'track',
    ...SVG_TAGS,
  ],
  attributes: {
    ...defaults,
    code: [['className', /^language-./, 'math-inline', 'math-display']],
    // Franklin `@@name` divs arrive as `md-name` classes; besides distill's layouts and al-folio's
    // grid, nothing else may set a class.
    div: [...(defaults.div ?? []), ['className', /^md-[\w-]+$/, DISTILL_LAYOUTS, SITE_GRID, DOCUMENT_BLOCKS]],
    p: [...(defaults.p ?? []), ['className', 'callout-title', 'qed-line']],
    strong: [['className', 'theorem-label']],
    em: [['className', 'proof-label']],
    span: [
      ...(defaults.span ?? []),
      ['className', 'theorem-name', 'qed', 'header-section-number', 'figure-missing-note'],
      'ariaHidden',
    ],
    // an embedded page's figure (dialects/html-blocks/rehype-embeds.ts)
    figure: [['className', DISTILL_LAYOUTS, 'figure-embed', 'figure-missing']],
    aside: [['className', DISTILL_LAYOUTS]],
    // A reference to another post, resolved when the post is read (src/xref); never a script hook.
    a: [...(defaults.a ?? []), 'dataXref'],
    col: ['span'],
    colgroup: ['span'],
    video: ['src', 'poster', 'controls', 'loop', 'muted', 'playsInline', 'preload', 'width', 'height'],
    audio: ['src', 'controls', 'loop', 'muted', 'preload'],
    source: [...(defaults.source ?? []), 'src', 'type'],
    track: ['src', 'kind', 'srcLang', 'label', 'default'],
    ...Object.fromEntries(SVG_TAGS.map((tag) => [tag, SVG_ATTRIBUTES])),
  },
  protocols: {
    ...defaultSchema.protocols,
    poster: ['http', 'https'],
  },
  // Elements removed together with their content: their text is code or CSS, never prose.
  strip: ['script', 'style', 'noscript', 'template', 'iframe', 'object', 'embed', 'textarea', 'select', 'title'],
}
