import { useEffect, useRef, useState } from 'react'
import { SEARCH_DEBOUNCE_MS } from '../search-bar.js'

/**
 * A text field that reports its trimmed value 300 ms after typing stops (SPEC §9), and follows
 * the value when it changes elsewhere (Clear all, the back button).
 */
export function useDebouncedText(value: string, onCommit: (text: string) => void) {
  const [text, setText] = useState(value)
  const lastSent = useRef(value)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const commit = useRef(onCommit)
  commit.current = onCommit

  useEffect(() => {
    if (value !== lastSent.current) {
      lastSent.current = value
      setText(value)
    }
  }, [value])

  useEffect(() => () => clearTimeout(timer.current), [])

  function change(next: string) {
    setText(next)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      const trimmed = next.trim()
      if (trimmed === lastSent.current) return
      lastSent.current = trimmed
      commit.current(trimmed)
    }, SEARCH_DEBOUNCE_MS)
  }

  return { text, change }
}
