import { truncateTo } from './text-fit.js'

/**
 * One line of progress on a terminal, rewritten in place (`\r`, then clear to the end of the
 * line). Only for a TTY: piped output gets plain lines instead.
 */
export class LiveLine {
  private shown = false

  constructor(private readonly stream: Pick<NodeJS.WriteStream, 'write' | 'columns'>) {}

  update(text: string): void {
    this.stream.write(`\r${this.fit(text)}\x1b[K`)
    this.shown = true
  }

  /** Removes the line, so that ordinary output can follow. */
  clear(): void {
    if (!this.shown) return
    this.stream.write('\r\x1b[K')
    this.shown = false
  }

  /** Leaves `text` on screen as an ordinary line (a finished progress bar). */
  finish(text: string): void {
    this.stream.write(`\r${this.fit(text)}\x1b[K\n`)
    this.shown = false
  }

  /** One column short of the terminal, measured in columns: a wider line would wrap and leave copies behind. */
  private fit(text: string): string {
    return truncateTo(text, this.stream.columns ? this.stream.columns - 1 : 100)
  }
}
