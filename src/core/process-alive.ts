/**
 * Whether a process of this machine still runs. Signal 0 checks without signalling; EPERM
 * means it exists and is someone else's, so only ESRCH (no such process) counts as gone.
 */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code !== 'ESRCH'
  }
}
