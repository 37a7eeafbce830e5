import type { Essay } from './corpus.js'
import { linkedEssays } from './evidence.js'
import type { Snapshot } from './snapshot.js'

/** A page whose list links to this many essays is a table of contents (a chapter's, a book's). */
const MIN_CONTENTS = 3

/** Why an essay stands where it does in a teaching order. */
export type OrderReason = { kind: 'contents'; of: Essay } | { kind: 'builds-on'; on: Essay } | { kind: 'difficulty' }

/**
 * Essays in the order a book would teach them (issue 22): what an essay builds on first (it
 * links to it), then the site's own tables of contents (a d2l chapter's page list, any page
 * whose list links to its chapters), then from the most accessible to the most demanding.
 */
export function teachingOrder(snap: Snapshot, essays: readonly Essay[]): { essay: Essay; reason: OrderReason }[] {
  const members = new Set(essays)
  const keys = bookKeys(snap)
  const before = new Map<Essay, Set<Essay>>(essays.map((e) => [e, new Set<Essay>()]))
  for (const e of essays) {
    for (const target of linkedEssays(snap, e).keys()) {
      // A contents page links to what it lists: those come after it, not before.
      if (members.has(target) && target !== e && !listedBy(snap, e).has(target)) before.get(e)!.add(target)
    }
  }
  const rank = (a: Essay, b: Essay) =>
    compareKeys(keys.get(a), keys.get(b)) ||
    snap.difficulty(a.meta.id) - snap.difficulty(b.meta.id) ||
    a.meta.id - b.meta.id
  const placed = new Set<Essay>()
  const out: { essay: Essay; reason: OrderReason }[] = []
  while (out.length < essays.length) {
    const remaining = essays.filter((e) => !placed.has(e))
    const ready = remaining.filter((e) => [...before.get(e)!].every((p) => placed.has(p)))
    // A cycle of links: the best-ranked essay of it goes first.
    const next = (ready.length > 0 ? ready : remaining).sort(rank)[0]
    placed.add(next)
    out.push({ essay: next, reason: reasonFor(snap, next, out, before.get(next)!, keys) })
  }
  return out
}

function reasonFor(
  snap: Snapshot,
  e: Essay,
  placedSoFar: readonly { essay: Essay }[],
  prerequisites: Set<Essay>,
  keys: Map<Essay, number[]>,
): OrderReason {
  const last = [...placedSoFar].reverse().find((p) => p.essay !== e && prerequisites.has(p.essay))
  if (last) return { kind: 'builds-on', on: last.essay }
  const parent = contentsOf(snap).get(e)
  if (parent && keys.has(e)) return { kind: 'contents', of: parent.page }
  return { kind: 'difficulty' }
}

/** The essays a contents page lists, in its order. */
function listedBy(snap: Snapshot, page: Essay): Set<Essay> {
  const key = `listed:${page.meta.id}`
  let known = snap.memo.get(key) as Set<Essay> | undefined
  if (!known) {
    known = new Set(listOf(snap, page))
    snap.memo.set(key, known)
  }
  return known
}

function listOf(snap: Snapshot, page: Essay): Essay[] {
  const listed: Essay[] = []
  // From the stored links, not the essay's sentences: this runs over every essay of the site.
  for (const link of page.links) {
    if (link.block !== 'item') continue
    const target = snap.linkTarget(link.url)
    if (target && target !== page && !listed.includes(target)) listed.push(target)
  }
  return listed.length >= MIN_CONTENTS ? listed : []
}

/** For each essay some contents page lists: the first such page and its place there. */
function contentsOf(snap: Snapshot): Map<Essay, { page: Essay; position: number }> {
  let known = snap.memo.get('contents-of') as Map<Essay, { page: Essay; position: number }> | undefined
  if (known) return known
  known = new Map()
  for (const page of snap.essays) {
    listOf(snap, page).forEach((e, position) => {
      if (!known!.has(e)) known!.set(e, { page, position })
    })
  }
  snap.memo.set('contents-of', known)
  return known
}

/**
 * Each essay's place in the site's contents, as a path from the outermost page (its id) through
 * positions: `[id, 2, 5]` is the sixth page of the third chapter of that book. A contents page
 * sorts before what it lists.
 */
function bookKeys(snap: Snapshot): Map<Essay, number[]> {
  let keys = snap.memo.get('book-keys') as Map<Essay, number[]> | undefined
  if (keys) return keys
  keys = new Map()
  const parents = contentsOf(snap)
  const keyOf = (e: Essay, seen: Set<Essay>): number[] => {
    const known = keys!.get(e)
    if (known) return known
    const parent = parents.get(e)
    // The outermost page starts the path with its id, so two books (two chapters without a common contents) never interleave.
    const key =
      parent && !seen.has(parent.page) ? [...keyOf(parent.page, new Set([...seen, e])), parent.position] : [e.meta.id]
    keys!.set(e, key)
    return key
  }
  for (const e of snap.essays) if (parents.has(e) || listOf(snap, e).length > 0) keyOf(e, new Set())
  snap.memo.set('book-keys', keys)
  return keys
}

/** Essays in the contents first, by their place; the rest after them. */
function compareKeys(a: number[] | undefined, b: number[] | undefined): number {
  if (!a || !b) return a ? -1 : b ? 1 : 0
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i]
  return a.length - b.length
}
