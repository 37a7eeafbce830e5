import { ManageQuerySchema, MANAGE_PAGE_SIZE, type ManageQuery } from '../../../src/shared/schemas/manage.js'

/** Every post, first page: what /manage with no address query shows. */
export const DEFAULT_MANAGE_QUERY: ManageQuery = ManageQuerySchema.parse({})

/**
 * The Post Manager's state from the address (`?q=…&status=draft&page=2`), so a filtered view
 * survives a reload and the back button. Each field is read with the API's own schema; a value
 * it refuses falls back to that field's default rather than breaking the page.
 */
export function parseManageQuery(search: string): ManageQuery {
  const params = new URLSearchParams(search)
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(ManageQuerySchema.shape) as (keyof ManageQuery)[]) {
    const raw = params.get(key)
    if (raw === null) continue
    const one = ManageQuerySchema.shape[key].safeParse(raw)
    if (one.success) out[key] = one.data
  }
  return ManageQuerySchema.parse(out)
}

/** The query string for a state, defaults left out ('' for the default view). */
export function manageQueryString(query: ManageQuery): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value !== DEFAULT_MANAGE_QUERY[key as keyof ManageQuery]) params.set(key, String(value))
  }
  return params.toString()
}

export const manageHref = (query: ManageQuery): string => {
  const qs = manageQueryString(query)
  return qs ? `/manage?${qs}` : '/manage'
}

/** A change of words or filters starts again at page 1; a page change keeps them. */
export const withFilter = (
  query: ManageQuery,
  change: Partial<Omit<ManageQuery, 'page' | 'pageSize'>>,
): ManageQuery => ({ ...query, ...change, page: 1 })

export const isFiltered = (query: ManageQuery): boolean =>
  query.q !== '' || query.status !== 'all' || query.featured !== 'any' || query.enhanced !== 'any'

export { MANAGE_PAGE_SIZE }
