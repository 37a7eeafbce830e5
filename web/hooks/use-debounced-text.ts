import { useEffect, useRef, useState } from 'react'

/** SPEC §9: the search handler runs 300 ms after typing stops. */
export const SEARCH_DEBOUNCE_MS = 300

/**
 * A text field that reports its trimmed value 300 ms after typing stops (SPEC §9), and follows
 * the value when it changes elsewhere (a tag link, Clear all, the back button). `flush` reports
 * the text at once (a submitted form, a cleared box), whether or not it changed.
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

  function send(trimmed: string) {
    clearTimeout(timer.current)
    lastSent.current = trimmed
    commit.current(trimmed)
  }

  function change(next: string) {
    setText(next)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      const trimmed = next.trim()
      if (trimmed !== lastSent.current) send(trimmed)
    }, SEARCH_DEBOUNCE_MS)
  }

  /** Show `next` (by default what is typed) and report it now. */
  function flush(next = text) {
    setText(next)
    send(next.trim())
  }

  return { text, change, flush }
}
