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
  /**
   * The caption of the part each page is in (`parts: [{caption: Foundations, chapters: …}]`),
   * for the pages of a book grouped in parts: a reader browses the book by them (issue 40).
   */
  parts: ReadonlyMap<string, string>
}

/**
 * `file:` (Jupyter Book 1, mystmd) and `root:` (Jupyter Book 1's first page); a part's
 * `caption:`, or mystmd's `title:` on a group with no page of its own; the rest of an entry is
 * walked for children.
 */
const TocEntry = z.looseObject({
  file: z.string().optional(),
  root: z.string().optional(),
  url: z.string().optional(),
  caption: z.string().optional().catch(undefined),
  title: z.string().optional().catch(undefined),
})

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
  const parts = new Map<string, string>()
  const visit = (node: unknown, parent: string | null, part: string | null): string | null => {
    if (Array.isArray(node)) {
      let first: string | null = null
      for (const item of node) {
        const page = visit(item, parent ?? first, part)
        first ??= parent === null ? page : null
      }
      return first
    }
    const entry = TocEntry.safeParse(node)
    if (!entry.success) return null
    const named = entry.data.root ?? entry.data.file
    const page = named ? pageKey(named) : null
    // the innermost part names a page; a book's root stands above its parts
    const caption = partCaption(entry.data)
    const inPart = caption ?? part
    if (page !== null && !order.includes(page)) {
      order.push(page)
      if (parent !== null && parent !== page) children.set(parent, [...(children.get(parent) ?? []), page])
      if (inPart !== null && !entry.data.root) parts.set(page, inPart)
    }
    for (const [key, value] of Object.entries(entry.data))
      if (key !== 'options' && typeof value === 'object' && value !== null) visit(value, page ?? parent, inPart)
    return page
  }
  visit(toc, null, null)
  return { order, children, parts }
}

/**
 * A part's name: Jupyter Book's `caption:` (on a part, or a subtree of its older format), or the
 * `title:` of a mystmd group, which has no page (on a page, `title:` only retitles that page).
 */
function partCaption(entry: z.infer<typeof TocEntry>): string | null {
  const name = entry.caption ?? (entry.file || entry.root || entry.url ? undefined : entry.title)
  const text = name?.trim()
  return text && /\p{L}/u.test(text) ? text : null
}

/** A toc's name for a page as a key: `./intro.md` and `intro` are one page. */
export function pageKey(path: string): string {
  return withoutDocumentExtension(path.trim().replace(/^\.\//, '').replace(/\\/g, '/'))
}

export function withoutDocumentExtension(path: string): string {
  return path.replace(/\.(md|markdown|ipynb|qmd|rst)$/i, '')
}
