/**
 * Puts text on the clipboard; with `html`, as rich text too (an APA reference keeps its italic
 * title in a word processor). Falls back to the selection and `execCommand('copy')` where the
 * asynchronous clipboard is missing or refused (a page served over plain http, an old browser).
 * Resolves whether it worked.
 */
export async function copyText(text: string, html?: string): Promise<boolean> {
  const clipboard = typeof navigator !== 'undefined' ? navigator.clipboard : undefined
  try {
    if (html && clipboard?.write && typeof ClipboardItem !== 'undefined') {
      await clipboard.write([
        new ClipboardItem({
          'text/plain': new Blob([text], { type: 'text/plain' }),
          'text/html': new Blob([html], { type: 'text/html' }),
        }),
      ])
      return true
    }
    if (clipboard?.writeText) {
      await clipboard.writeText(text)
      return true
    }
  } catch {
    // refused (no permission, page not focused): the selection route below may still work
  }
  return copyBySelection(text)
}

function copyBySelection(text: string): boolean {
  if (typeof document === 'undefined') return false
  const area = document.createElement('textarea')
  area.value = text
  area.setAttribute('readonly', '')
  area.style.position = 'fixed'
  area.style.opacity = '0'
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null
  document.body.appendChild(area)
  area.select()
  let ok: boolean
  try {
    ok = document.execCommand('copy')
  } catch {
    ok = false
  }
  area.remove()
  // The reader's focus stays on the button they pressed.
  focused?.focus()
  return ok
}
