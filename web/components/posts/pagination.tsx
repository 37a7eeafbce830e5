import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Link } from 'wouter'
import { pageWindow } from '../../lib/pagination.js'

interface PaginationProps {
  page: number
  totalPages: number
  /** The address of a page number. */
  hrefFor: (page: number) => string
}

/** Numbered pagination with previous/next (SPEC §2). Pages are links, so they work without JS. */
export function Pagination({ page, totalPages, hrefFor }: PaginationProps) {
  if (totalPages <= 1) return null
  return (
    <nav className="pagination" aria-label="Pagination">
      {page > 1 ? (
        <Link href={hrefFor(page - 1)} className="pagination__step" rel="prev">
          <ChevronLeft size={18} aria-hidden="true" />
          Previous
        </Link>
      ) : (
        <span className="pagination__step" aria-disabled="true">
          <ChevronLeft size={18} aria-hidden="true" />
          Previous
        </span>
      )}
      <ul className="pagination__pages">
        {pageWindow(page, totalPages).map((n, i) =>
          n === 'gap' ? (
            <li key={`gap-${i}`} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                href={hrefFor(n)}
                className="pagination__page"
                aria-current={n === page ? 'page' : undefined}
                aria-label={`Page ${n}`}
              >
                {n}
              </Link>
            </li>
          ),
        )}
      </ul>
      {page < totalPages ? (
        <Link href={hrefFor(page + 1)} className="pagination__step" rel="next">
          Next
          <ChevronRight size={18} aria-hidden="true" />
        </Link>
      ) : (
        <span className="pagination__step" aria-disabled="true">
          Next
          <ChevronRight size={18} aria-hidden="true" />
        </span>
      )}
    </nav>
  )
}
