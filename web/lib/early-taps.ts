/**
 * The server's markup is on screen before the app has taken it over, and its buttons (the
 * phone menu, "Admin Login", "Sign in", Print and Share) only work through the app: a tap on one
 * in that window would otherwise do nothing, and on a slow phone the window is seconds long.
 * The last such tap is held here and replayed once React has hydrated the markup. Links and
 * form submissions are left alone: they already work as plain HTML. So are buttons marked
 * `data-gesture-only`, whose action the browser allows only in the reader's own tap.
 */
let held: HTMLButtonElement | null = null
let holding: Document | null = null

function onClick(event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target.closest('button') : null
  if (!target) return
  // The last tap wins: one that cannot be replayed leaves nothing to replay. A submit button
  // of a form submits it as plain HTML, and the app's handler would do it twice.
  const replayable =
    !target.disabled && !target.hasAttribute('data-gesture-only') && !(target.type === 'submit' && target.form)
  held = replayable ? target : null
}

/** Starts holding taps on the page's buttons; called as early as the page's script runs. */
export function holdEarlyTaps(doc: Document = document): void {
  if (holding) return
  holding = doc
  doc.addEventListener('click', onClick, true)
}

/**
 * Stops holding taps and replays the last one, if its button is still on the page. Called
 * right after React starts hydrating: its listeners are in place then, and a click makes it
 * finish hydrating that button's part of the page before handling it.
 */
export function replayEarlyTap(replay: boolean): void {
  holding?.removeEventListener('click', onClick, true)
  holding = null
  const button = held
  held = null
  if (replay && button?.isConnected && !button.disabled) button.click()
}
