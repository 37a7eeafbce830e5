/**
 * One line of progress on a terminal, rewritten in place (`\r`, then clear to the end of the
 * line). Only for a TTY: piped output gets plain lines instead.
 */
export class LiveLine {
  private shown = false

  constructor(private readonly stream: NodeJS.WriteStream) {}

  update(text: string): void {
    const width = this.stream.columns ? this.stream.columns - 1 : 100
    this.stream.write(`\r${text.length > width ? `${text.slice(0, width - 1)}…` : text}\x1b[K`)
    this.shown = true
  }

  /** Removes the line, so that ordinary output can follow. */
  clear(): void {
    if (!this.shown) return
    this.stream.write('\r\x1b[K')
    this.shown = false
  }
}
