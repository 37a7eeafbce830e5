import { useEffect, useRef } from 'react'

/**
 * After a submit that found problems, moves focus to the first invalid field so the reader
 * (and a screen reader) lands on it with its message. Call `flag()` where the errors are set.
 */
export function useFocusFirstInvalid<T extends HTMLElement>() {
  const container = useRef<T>(null)
  const pending = useRef(false)
  useEffect(() => {
    if (!pending.current) return
    pending.current = false
    container.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  })
  return {
    container,
    flag: () => {
      pending.current = true
    },
  }
}
