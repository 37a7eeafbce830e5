/**
 * Reading an essay's notes and citations out of its rendered HTML, for the margin notes and the
 * cards (components/post/sidenotes.tsx, note-card.tsx). The essay markup is never changed: what
 * is shown elsewhere is a copy, without ids (an id must stay unique in the page) and without the
 * list's "back to the text" links.
 */

/** A footnote reference as remark-gfm writes it (distill's `<d-footnote>` becomes one too). */
export const FOOTNOTE_REF = 'a[data-footnote-ref]'
/** An inline citation (`<a class="citation" href="#ref-KEY" data-cite="KEY">`). */
export const CITATION = 'a.citation'
const TRIGGER = `${FOOTNOTE_REF}, ${CITATION}`

/** What sits in the margin on a wide screen (sidenotes go around it). */
export const MARGIN_CONTENT =
  ':scope > aside, :scope > .l-gutter, :scope > :is(.l-page, .l-page-outset, .l-screen, .l-screen-inset)'

export type NoteKind = 'footnote' | 'citation'

/** The footnote reference or citation at `target`, if it is inside `root`. */
export function noteTrigger(
  target: EventTarget | null,
  root: HTMLElement | null,
): { el: HTMLAnchorElement; kind: NoteKind } | null {
  if (!(target instanceof Element) || !root) return null
  const el = target.closest<HTMLAnchorElement>(TRIGGER)
  if (!el || !root.contains(el)) return null
  return { el, kind: el.matches(FOOTNOTE_REF) ? 'footnote' : 'citation' }
}

/** The element a same-page link points at (`#user-content-fn-1`), or null. */
function linkTarget(link: HTMLAnchorElement): HTMLElement | null {
  const hash = link.getAttribute('href') ?? ''
  if (!hash.startsWith('#') || hash.length < 2) return null
  let id = hash.slice(1)
  try {
    id = decodeURIComponent(id)
  } catch {
    // an undecodable fragment is looked up as written
  }
  return link.ownerDocument.getElementById(id)
}

/** The references-list entry a citation points at: its link, else `ref-KEY` (the sanitizer may have prefixed it). */
function citationEntry(link: HTMLAnchorElement): HTMLElement | null {
  const byLink = linkTarget(link)
  if (byLink) return byLink
  const key = link.dataset.cite?.split(/[,\s]/)[0]
  if (!key) return null
  const doc = link.ownerDocument
  return doc.getElementById(`ref-${key}`) ?? doc.getElementById(`user-content-ref-${key}`)
}

/** A copy of `el`'s content, safe to show a second time in the page. */
function copyOf(el: HTMLElement): string {
  const copy = el.cloneNode(true) as HTMLElement
  for (const back of copy.querySelectorAll('a[data-footnote-backref], .data-footnote-backref')) back.remove()
  for (const withId of copy.querySelectorAll('[id]')) withId.removeAttribute('id')
  // aria-describedby / -labelledby would name elements of the original
  for (const described of copy.querySelectorAll('[aria-describedby]')) described.removeAttribute('aria-describedby')
  return copy.innerHTML.trim()
}

export interface NoteContent {
  kind: NoteKind
  /** "Note 3" or "Reference", for the card's accessible name. */
  label: string
  /** A copy of the note's or entry's HTML (already sanitised: it comes from the essay). */
  html: string
}

/** What the card of `trigger` shows; null when its note or entry is not in the page. */
export function noteContent(trigger: HTMLAnchorElement, kind: NoteKind): NoteContent | null {
  const target = kind === 'footnote' ? linkTarget(trigger) : citationEntry(trigger)
  if (!target) return null
  const html = copyOf(target)
  if (!html) return null
  const label = kind === 'footnote' ? `Note ${trigger.textContent?.trim() ?? ''}`.trim() : 'Reference'
  return { kind, label, html }
}

export interface Footnote {
  /** The id of the footnote list item (and of its margin copy's key). */
  id: string
  number: string
  ref: HTMLAnchorElement
  html: string
}

/** The essay's footnotes in reading order, each with its first reference. */
export function footnotesOf(root: HTMLElement): Footnote[] {
  const seen = new Set<string>()
  const notes: Footnote[] = []
  for (const ref of root.querySelectorAll<HTMLAnchorElement>(FOOTNOTE_REF)) {
    const item = linkTarget(ref)
    if (!item || seen.has(item.id)) continue
    seen.add(item.id)
    const html = copyOf(item)
    if (html) notes.push({ id: item.id, number: ref.textContent?.trim() ?? '', ref, html })
  }
  return notes
}
