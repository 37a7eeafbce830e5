import type { DirectiveSpec, RoleSpec } from 'myst-common'
import { defaultDirectives, figureDirective } from 'myst-directives'
import { cardDirective } from 'myst-ext-card'
import { exerciseDirectives } from 'myst-ext-exercise'
import { gridDirectives } from 'myst-ext-grid'
import { proofDirective } from 'myst-ext-proof'
import { tabDirectives } from 'myst-ext-tabs'
import { defaultRoles } from 'myst-roles'

/**
 * What the MyST parser knows: mystmd's own directives and roles, plus the extensions Jupyter
 * Books load (sphinx-proof's `prf:*`, sphinx-exercise, sphinx-design's cards, grids and tabs).
 * A directive outside this list is read as its content (see to-mdast.ts), with a warning.
 */
/**
 * mystmd now writes theorems `proof:theorem` and keeps sphinx-proof's `prf:theorem` as the old
 * spelling (its guide uses both); the published extension knows only `prf:`. Both read alike.
 */
const proofDirectives: DirectiveSpec = {
  ...proofDirective,
  alias: [
    ...(proofDirective.alias ?? []),
    ...(proofDirective.alias ?? []).filter((a) => a.startsWith('prf:')).map((a) => a.replace('prf:', 'proof:')),
  ],
  run: (data, vfile, context) =>
    proofDirective.run({ ...data, name: data.name.replace(/^proof:/, 'prf:') }, vfile, context),
}

/**
 * myst-parser's (Jupyter Book 1) `{figure-md} label`: a figure whose body is markdown, the
 * picture (an image or an `<img>`) first and the caption after, named by its argument. mystmd's
 * `{figure}` without an argument reads its body the same way.
 */
const figureMarkdownDirective: DirectiveSpec = {
  ...figureDirective,
  name: 'figure-md',
  alias: [],
  arg: { type: String, doc: 'The figure’s label.' },
  body: { type: 'myst', required: true },
  run: (data, vfile, context) =>
    figureDirective.run(
      {
        ...data,
        name: 'figure',
        arg: undefined,
        options: {
          ...data.options,
          ...(typeof data.arg === 'string' && data.arg.trim() ? { label: data.arg.trim() } : {}),
        },
      },
      vfile,
      context,
    ),
}

/** `{proof:ref}`, the new spelling of `{prf:ref}`, is the reference role it names. */
const roles: RoleSpec[] = defaultRoles.map((role) =>
  role.alias?.includes('prf:ref') ? { ...role, alias: [...role.alias, 'proof:ref'] } : role,
)

export const MYST_DIRECTIVE_SPECS: DirectiveSpec[] = [
  ...defaultDirectives,
  figureMarkdownDirective,
  proofDirectives,
  ...exerciseDirectives,
  cardDirective,
  ...gridDirectives,
  ...tabDirectives,
]

export const MYST_ROLE_SPECS: RoleSpec[] = roles
