/** SPEC §9: regular posts per page on the home page. */
export const POSTS_PER_PAGE = 6

export interface Page<T> {
  items: T[]
  page: number
  totalPages: number
}

/** One page of `items` (1-based); an out-of-range page is clamped. */
export function paginate<T>(items: readonly T[], page: number, perPage = POSTS_PER_PAGE): Page<T> {
  const totalPages = Math.max(1, Math.ceil(items.length / perPage))
  const current = Math.min(Math.max(1, Math.floor(page) || 1), totalPages)
  const start = (current - 1) * perPage
  return { items: items.slice(start, start + perPage), page: current, totalPages }
}

/**
 * The page numbers to show, with 'gap' for skipped runs: always the first and last page and
 * one on each side of the current one (1 … 4 5 6 … 20).
 */
export function pageWindow(page: number, totalPages: number): (number | 'gap')[] {
  const wanted = new Set([1, totalPages, page - 1, page, page + 1])
  if (page <= 3) [2, 3, 4].forEach((n) => wanted.add(n))
  if (page >= totalPages - 2) [totalPages - 3, totalPages - 2, totalPages - 1].forEach((n) => wanted.add(n))
  const pages = [...wanted].filter((n) => n >= 1 && n <= totalPages).sort((a, b) => a - b)
  const out: (number | 'gap')[] = []
  pages.forEach((n, i) => {
    if (i > 0 && n - pages[i - 1] > 1) out.push(n - pages[i - 1] === 2 ? n - 1 : 'gap')
    out.push(n)
  })
  return out
}
