import { describe, expect, it } from 'vitest'
import { BlogEventBus } from '../../../src/core/events.js'
import { LiveLine } from '../../../src/terminal/live-line.js'
import { progressBar, progressLine, showImportProgress } from '../../../src/terminal/progress-bar.js'

const ESC = String.fromCharCode(27)

/** A terminal that keeps what a person would see: `\r` returns to the line start, ESC[K clears the rest. */
function fakeTerminal(columns = 80) {
  const lines: string[] = ['']
  const write = (chunk: string) => {
    for (const part of chunk.split(new RegExp(`(\r|\n|${ESC}\\[K)`))) {
      if (part === '\r') lines[lines.length - 1] = ''
      else if (part === '\n') lines.push('')
      else if (part !== `${ESC}[K`) lines[lines.length - 1] += part
    }
    return true
  }
  return { stream: { write, columns }, lines }
}

describe('progressBar', () => {
  it('fills in proportion and keeps its width', () => {
    expect(progressBar(0, 10, 10)).toBe('[----------]')
    expect(progressBar(5, 10, 10)).toBe('[#####-----]')
    expect(progressBar(10, 10, 10)).toBe('[##########]')
    expect(progressBar(1, 3, 10)).toHaveLength(12)
  })

  it('shows an empty run as complete, and never overflows', () => {
    expect(progressBar(0, 0, 4)).toBe('[####]')
    expect(progressBar(7, 5, 4)).toBe('[####]')
  })

  it('adds the count and the current item', () => {
    expect(progressLine(2, 4, 'essays/a.md', 4)).toBe('[##--] 2/4  essays/a.md')
  })
})

describe('showImportProgress', () => {
  it('draws the bar from import events, keeps chosen lines above it and leaves the finished bar', () => {
    const events = new BlogEventBus()
    const term = fakeTerminal()
    const live = new LiveLine(term.stream)
    const print = (line: string) => term.stream.write(`${line}\n`)
    const stop = showImportProgress(
      events,
      live,
      (f) => (f.status === 'failed' ? `failed ${f.path}: ${f.error}` : null),
      print,
    )
    events.emit('import:start', { total: 2 })
    expect(term.lines.at(-1)).toMatch(/^\[-+\] 0\/2/)
    events.emit('import:file', { path: 'a.md', status: 'imported', slug: 'a', error: null, index: 0, total: 2 })
    expect(term.lines.at(-1)).toBe(`${progressBar(1, 2)} 1/2  a.md`)
    events.emit('import:file', { path: 'b.md', status: 'failed', slug: null, error: 'empty', index: 1, total: 2 })
    events.emit('import:done', { imported: 1, updated: 0, unchanged: 0, failed: 1 })
    expect(term.lines).toEqual(['failed b.md: empty', `${progressBar(2, 2)} 2/2  done`, ''])
    stop()
    expect(events.listenerCount('import:file')).toBe(0)
  })

  it('shortens a line to the terminal width', () => {
    const term = fakeTerminal(20)
    new LiveLine(term.stream).update(progressLine(1, 2, 'a-very-long-folder/and-a-long-file-name.md'))
    expect(term.lines[0]).toHaveLength(19)
    expect(term.lines[0].endsWith('…')).toBe(true)
  })
})
