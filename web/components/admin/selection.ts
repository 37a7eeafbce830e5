import { useCallback, useMemo, useState } from 'react'

/** Adds the id when absent, removes it when present. */
export function toggleSelected(selected: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(selected)
  if (next.has(id)) next.delete(id)
  else next.add(id)
  return next
}

/** The selection restricted to the posts that still exist (deleted posts drop out). */
export function pruneSelection(selected: ReadonlySet<number>, ids: readonly number[]): Set<number> {
  const present = new Set(ids)
  return new Set([...selected].filter((id) => present.has(id)))
}

/** For a tri-state 'select all' box. */
export function selectionState(selected: ReadonlySet<number>, ids: readonly number[]): 'none' | 'some' | 'all' {
  const count = ids.filter((id) => selected.has(id)).length
  if (count === 0) return 'none'
  return count === ids.length ? 'all' : 'some'
}

export interface Selection {
  /** The selected ids among `ids`, in list order. */
  ids: number[]
  count: number
  has: (id: number) => boolean
  toggle: (id: number) => void
  /** Selects these (by default every id of the list), keeping what was selected already. */
  selectAll: (subset?: readonly number[]) => void
  clear: () => void
  /** Keep only these (after a partly failed bulk action: what is left to retry). */
  set: (ids: readonly number[]) => void
  state: 'none' | 'some' | 'all'
}

/**
 * Checkbox selection over a list of post ids (SPEC §2 'Select All' / 'Clear All'). Ids that
 * leave the list (deleted, filtered out) are no longer counted as selected.
 */
export function useSelection(ids: readonly number[]): Selection {
  const [raw, setRaw] = useState<ReadonlySet<number>>(() => new Set())
  const selected = useMemo(() => pruneSelection(raw, ids), [raw, ids])
  const toggle = useCallback((id: number) => setRaw((s) => toggleSelected(s, id)), [])
  const clear = useCallback(() => setRaw(new Set()), [])
  const set = useCallback((next: readonly number[]) => setRaw(new Set(next)), [])
  const selectAll = useCallback(
    (subset?: readonly number[]) => setRaw((s) => new Set([...s, ...(subset ?? ids)])),
    [ids],
  )
  return useMemo(
    () => ({
      ids: ids.filter((id) => selected.has(id)),
      count: selected.size,
      has: (id: number) => selected.has(id),
      toggle,
      selectAll,
      clear,
      set,
      state: selectionState(selected, ids),
    }),
    [ids, selected, toggle, selectAll, clear, set],
  )
}
