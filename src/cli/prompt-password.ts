import { StringDecoder } from 'node:string_decoder'
import { BlogError } from '../core/errors.js'

/** The person pressed Ctrl-C at a password prompt: nothing was changed. */
export class PromptCancelledError extends Error {
  constructor() {
    super('Cancelled.')
    this.name = 'PromptCancelledError'
  }
}

export interface PromptStreams {
  input: NodeJS.ReadStream
  /** Prompts go to standard error, so `--json` output on standard output stays one object. */
  output: NodeJS.WritableStream
}

/**
 * A new password, never echoed. On a terminal: 'Password: ' then 'Confirm password: ', read
 * in raw mode; `check` runs on the first entry (it throws to refuse it before the
 * confirmation is asked for). Piped from a script: the first line of standard input, once.
 */
export async function promptNewPassword(
  check: (password: string) => void,
  streams: PromptStreams = { input: process.stdin, output: process.stderr },
): Promise<string> {
  const { input, output } = streams
  if (!input.isTTY) {
    const line = await readFirstLine(input)
    if (line === null)
      throw new BlogError(
        'VALIDATION',
        'No password was given.',
        'Pipe it as one line on standard input, run the command in a terminal to be prompted, or pass --password.',
      )
    return line
  }
  const [password, confirmation] = await readHidden(
    input,
    output,
    ['Password: ', 'Confirm password: '],
    (value, index) => {
      if (index === 0) check(value)
    },
  )
  if (password !== confirmation) throw new BlogError('VALIDATION', "Passwords don't match. Nothing was changed.")
  return password
}

// CSI/SS3 sequences (arrow keys, bracketed-paste markers) are keys, not password characters.
// eslint-disable-next-line no-control-regex
const ESCAPE_SEQUENCE = /\u001b(?:\[[0-?]*[ -/]*[@-~]|O.|.)?/gs

/** One raw-mode session for all prompts, so keys typed ahead of the next prompt are kept. */
function readHidden(
  input: NodeJS.ReadStream,
  output: NodeJS.WritableStream,
  prompts: string[],
  onLine: (value: string, index: number) => void,
): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const lines: string[] = []
    let typed: string[] = []
    const wasRaw = input.isRaw
    const finish = (error?: unknown) => {
      input.off('data', onData)
      input.setRawMode(wasRaw)
      input.pause()
      output.write('\n')
      if (error) reject(error)
      else resolve(lines)
    }
    const onData = (chunk: string) => {
      // Code points, so a backspace removes a whole character, emoji included.
      for (const ch of chunk.replace(ESCAPE_SEQUENCE, '')) {
        if (ch === '\u0003') return finish(new PromptCancelledError())
        if (ch === '\r' || ch === '\n' || ch === '\u0004') {
          lines.push(typed.join(''))
          typed = []
          try {
            onLine(lines[lines.length - 1], lines.length - 1)
          } catch (e) {
            return finish(e)
          }
          if (lines.length === prompts.length) return finish()
          output.write(`\n${prompts[lines.length]}`)
        } else if (ch === '\u007f' || ch === '\b') typed.pop()
        else if (ch === '\u0015')
          typed = [] // Ctrl-U: start the line again
        else if (ch >= ' ') typed.push(ch)
      }
    }
    output.write(prompts[0])
    input.setRawMode(true)
    input.setEncoding('utf8')
    input.on('data', onData)
    input.resume()
  })
}

/** The first line of a piped standard input (without its line ending), or null when it is empty. */
function readFirstLine(input: NodeJS.ReadStream): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const decoder = new StringDecoder('utf8')
    let text = ''
    let received = false
    const done = (line: string | null) => {
      input.off('data', onData).off('end', onEnd).off('error', reject)
      // The rest of the input is not ours to read; let the process end without waiting for it.
      input.destroy()
      resolve(line === null ? null : line.replace(/\r$/, ''))
    }
    const onData = (chunk: Buffer) => {
      received = true
      text += decoder.write(chunk)
      const end = text.indexOf('\n')
      if (end >= 0) done(text.slice(0, end))
    }
    const onEnd = () => done(received ? text + decoder.end() : null)
    input.on('data', onData).on('end', onEnd).on('error', reject)
  })
}
