import { useEffect, useState } from 'react'
import type { BlogEventBus } from '../../core/events.js'
import type { Snapshot } from '../snapshot.js'

/**
 * The data folder as the dashboard shows it. Read again when the store changes (this
 * process's writes, and other processes' writes that the store watcher picks up) and every
 * `intervalMs`: jobs run by a server elsewhere change state without an event here.
 */
export function useSnapshot(
  read: () => Promise<Snapshot>,
  events: BlogEventBus,
  intervalMs = 1000,
): { snapshot: Snapshot | null; error: string | null } {
  const [state, setState] = useState<{ snapshot: Snapshot | null; error: string | null; text: string }>({
    snapshot: null,
    error: null,
    text: '',
  })
  useEffect(() => {
    let alive = true
    let running = false
    let again = false
    const load = async () => {
      // One read at a time; a change during a read asks for one more afterwards.
      if (running) return void (again = true)
      running = true
      try {
        const snapshot = await read()
        const text = JSON.stringify(snapshot)
        if (alive) setState((s) => (s.text === text && s.error === null ? s : { snapshot, error: null, text }))
      } catch (e) {
        if (alive) setState((s) => ({ ...s, error: e instanceof Error ? e.message : String(e) }))
      } finally {
        running = false
        if (again && alive) {
          again = false
          void load()
        }
      }
    }
    const onChange = () => void load()
    events.on('post:changed', onChange)
    events.on('job:changed', onChange)
    const timer = setInterval(onChange, intervalMs)
    void load()
    return () => {
      alive = false
      clearInterval(timer)
      events.off('post:changed', onChange)
      events.off('job:changed', onChange)
    }
  }, [read, events, intervalMs])
  return { snapshot: state.snapshot, error: state.error }
}
