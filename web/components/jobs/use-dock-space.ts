import { useEffect } from 'react'
import type { RefObject } from 'react'

/** Space kept between the tracker's top and a control scrolled or focused above it. */
const GAP = 12

/**
 * Room for the job tracker that never moves the page (issue 40: padding the page by the
 * tracker's size made the Post Manager jump as it came, grew and went). The tracker floats over
 * the page; what keeps the page's controls reachable is added where it moves nothing:
 *  - `--job-dock-reach` (how far up from the window's bottom the tracker reaches) sets
 *    scroll-padding, so a control reached with Tab or a link is scrolled clear above it;
 *  - `--job-dock-room` with `data-job-room` puts that much room after the page's end (jobs.css),
 *    so the last rows and the footer can be scrolled out from under it. The room only grows
 *    while the tracker shows. When it goes, the room goes too, but only once no part of it is in
 *    view: taking it away under a reader scrolled to the page's end would pull the page back up.
 */
export function useDockSpace(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const el = ref.current
    if (!el) return
    const root = document.documentElement
    stopReleasing()
    const write = () => {
      const reach = Math.max(0, Math.ceil(window.innerHeight - el.getBoundingClientRect().top) + GAP)
      root.style.setProperty('--job-dock-reach', `${reach}px`)
      const room = Number.parseFloat(root.style.getPropertyValue('--job-dock-room')) || 0
      if (reach > room) root.style.setProperty('--job-dock-room', `${reach}px`)
      root.dataset.jobRoom = ''
    }
    write()
    // its size changes as jobs come and go and as it opens; its place as it slides in and as
    // toasts push it up
    const observer = new ResizeObserver(write)
    observer.observe(el)
    el.addEventListener('animationend', write)
    el.addEventListener('transitionend', write)
    window.addEventListener('resize', write)
    return () => {
      observer.disconnect()
      el.removeEventListener('animationend', write)
      el.removeEventListener('transitionend', write)
      window.removeEventListener('resize', write)
      root.style.removeProperty('--job-dock-reach')
      if (!releaseRoom()) {
        window.addEventListener('scroll', releaseOnScroll, { passive: true })
        releasing = true
      }
    }
  }, [ref])
}

let releasing = false

function stopReleasing(): void {
  if (!releasing) return
  window.removeEventListener('scroll', releaseOnScroll)
  releasing = false
}

function releaseOnScroll(): void {
  if (releaseRoom()) stopReleasing()
}

/** Takes the room after the page's end away when none of it is in view; false while some is. */
function releaseRoom(): boolean {
  const root = document.documentElement
  const room = Number.parseFloat(root.style.getPropertyValue('--job-dock-room')) || 0
  if (window.scrollY + window.innerHeight > root.scrollHeight - room) return false
  root.style.removeProperty('--job-dock-room')
  delete root.dataset.jobRoom
  return true
}
