import { useEffect, useRef, useState } from 'react'
import { SEARCH_DEBOUNCE_MS } from '../../hooks/use-debounced-text.js'

export type Range = [number, number]

/**
 * The read-time slider's value (issue 23.13): it moves at once under the thumb or the arrow
 * keys, and is reported 300 ms after it stops, like the query box (SPEC §9), so a run of
 * steps is one request rather than one each. It follows the value when it changes elsewhere.
 */
export function useDebouncedRange(value: Range, onCommit: (range: Range) => void) {
  const [range, setRange] = useState<Range>(value)
  const [min, max] = value
  const lastSent = useRef<Range>(value)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const commit = useRef(onCommit)
  commit.current = onCommit

  useEffect(() => {
    if (min === lastSent.current[0] && max === lastSent.current[1]) return
    clearTimeout(timer.current)
    lastSent.current = [min, max]
    setRange([min, max])
  }, [min, max])
  useEffect(() => () => clearTimeout(timer.current), [])

  function change(next: Range) {
    setRange(next)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      if (next[0] === lastSent.current[0] && next[1] === lastSent.current[1]) return
      lastSent.current = next
      commit.current(next)
    }, SEARCH_DEBOUNCE_MS)
  }

  return { range, change }
}
