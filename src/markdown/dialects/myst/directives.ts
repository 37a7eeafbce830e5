import type { DirectiveSpec, RoleSpec } from 'myst-common'
import { defaultDirectives } from 'myst-directives'
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
export const MYST_DIRECTIVE_SPECS: DirectiveSpec[] = [
  ...defaultDirectives,
  proofDirective,
  ...exerciseDirectives,
  cardDirective,
  ...gridDirectives,
  ...tabDirectives,
]

export const MYST_ROLE_SPECS: RoleSpec[] = defaultRoles
