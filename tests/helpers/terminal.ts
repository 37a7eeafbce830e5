import { execFileSync, spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { projectRoot } from './temp-dir.js'
import { cliSourceMode } from './cli-mode.js'

/** Whether tmux is installed: the pseudo-terminal tests need it and are skipped without it. */
export const hasTmux = spawnSync('tmux', ['-V'], { stdio: 'ignore' }).status === 0

export interface Terminal {
  /** Everything the terminal has shown so far, scrollback included. */
  screen(): string
  /** Type text literally, as keystrokes. */
  type(text: string): void
  /** Press named keys: Enter, BSpace, C-c… */
  press(...keys: string[]): void
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<string>
  close(): void
}

let sessions = 0
const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`

/**
 * Run `blog ARGS` in a real pseudo-terminal (a detached tmux session on its own socket, so the
 * user's tmux is never touched). When the command ends the pane shows `[exit CODE]`.
 */
export function blogInTerminal(args: string[], env: Record<string, string> = {}): Terminal {
  const socket = `scholia-test-${process.pid}-${++sessions}`
  const tmux = (...a: string[]) => execFileSync('tmux', ['-L', socket, '-f', '/dev/null', ...a], { encoding: 'utf8' })
  const vars = Object.entries({ SCHOLIA_SOURCE: cliSourceMode(), ...env }).map(([k, v]) => `${k}=${quote(v)}`)
  const command = [
    'env',
    ...vars,
    quote(process.execPath),
    quote(join(projectRoot, 'bin', 'blog.js')),
    ...args.map(quote),
  ].join(' ')
  tmux(
    'new-session',
    '-d',
    '-s',
    'blog',
    '-x',
    '160',
    '-y',
    '40',
    '-c',
    projectRoot,
    `${command}; echo "[exit $?]"; sleep 600`,
  )
  const screen = () => tmux('capture-pane', '-p', '-J', '-S', '-', '-t', 'blog')
  return {
    screen,
    type: (text) => void tmux('send-keys', '-t', 'blog', '-l', text),
    press: (...keys) => void tmux('send-keys', '-t', 'blog', ...keys),
    waitFor: async (pattern, timeoutMs = 30_000) => {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const shown = screen()
        if (pattern.test(shown)) return shown
        if (Date.now() > deadline) throw new Error(`the terminal never showed ${pattern}; it shows:\n${shown}`)
        await new Promise((r) => setTimeout(r, 100))
      }
    },
    close: () => {
      spawnSync('tmux', ['-L', socket, 'kill-server'], { stdio: 'ignore' })
    },
  }
}
