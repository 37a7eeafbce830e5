import { z } from 'zod'

/**
 * A book's table of contents (Jupyter Book's `_toc.yml`, mystmd's `project.toc`) as Scholia uses
 * it: which pages the book publishes, in its reading order, and which pages each page lists
 * below it (a book's root its chapters, a chapter its sections). Pages are named by their path
 * relative to the book's root, `/`-separated, without extension, as the toc names them.
 */
export interface BookToc {
  /** Every page, in reading order (depth first, as the book's sidebar and "next" buttons go). */
  order: string[]
  /** The pages directly below a page, in order. */
  children: ReadonlyMap<string, string[]>
}

/** `file:` (Jupyter Book 1, mystmd) and `root:` (Jupyter Book 1's first page); the rest of an entry is walked for children. */
const TocEntry = z.looseObject({ file: z.string().optional(), root: z.string().optional() })

/**
 * Reads a toc in any of the shapes Jupyter Book and mystmd accept: `root` with `chapters`,
 * `parts[].chapters` or `sections`; entries' `sections`, `subtrees[].entries` and mystmd's
 * `children`; the older top-level list. Groups without a page of their own (a part's caption,
 * a mystmd `title` with `children`) give their pages to the page above them. In a top-level list
 * the first page is the book's root, as both tools make it: the others stand below it.
 */
export function readBookToc(toc: unknown): BookToc {
  const order: string[] = []
  const children = new Map<string, string[]>()
  const visit = (node: unknown, parent: string | null): string | null => {
    if (Array.isArray(node)) {
      let first: string | null = null
      for (const item of node) {
        const page = visit(item, parent ?? first)
        first ??= parent === null ? page : null
      }
      return first
    }
    const entry = TocEntry.safeParse(node)
    if (!entry.success) return null
    const named = entry.data.root ?? entry.data.file
    const page = named ? pageKey(named) : null
    if (page !== null && !order.includes(page)) {
      order.push(page)
      if (parent !== null && parent !== page) children.set(parent, [...(children.get(parent) ?? []), page])
    }
    for (const [key, value] of Object.entries(entry.data))
      if (key !== 'options' && typeof value === 'object' && value !== null) visit(value, page ?? parent)
    return page
  }
  visit(toc, null)
  return { order, children }
}

/** A toc's name for a page as a key: `./intro.md` and `intro` are one page. */
export function pageKey(path: string): string {
  return withoutDocumentExtension(path.trim().replace(/^\.\//, '').replace(/\\/g, '/'))
}

export function withoutDocumentExtension(path: string): string {
  return path.replace(/\.(md|markdown|ipynb|qmd|rst)$/i, '')
}
