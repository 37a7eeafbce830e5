import { spawn } from 'node:child_process'

/** Opens an address in the person's browser. A port, so tests can catch the address instead. */
export type OpenUrl = (url: string) => Promise<void>

/**
 * The platform's opener: `$BROWSER` when set (the usual convention), else `open` on macOS,
 * `start` on Windows and `xdg-open` elsewhere. Detached, so the browser outlives the dashboard.
 */
export function platformOpener(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): OpenUrl {
  const [command, ...args] = env.BROWSER
    ? [env.BROWSER]
    : platform === 'darwin'
      ? ['open']
      : platform === 'win32'
        ? ['cmd', '/c', 'start', '""']
        : ['xdg-open']
  return (url) =>
    new Promise((resolve, reject) => {
      const child = spawn(command, [...args, url], { detached: true, stdio: 'ignore' })
      child.once('error', (e) => reject(new Error(`Could not start ${command} to open ${url}: ${e.message}`)))
      child.once('spawn', () => {
        child.unref()
        resolve()
      })
    })
}
