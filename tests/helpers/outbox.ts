import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/** Undoes quoted-printable: soft line breaks (`=` at a line end) and `=XX` bytes. */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '')
  const bytes: number[] = []
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? joined.slice(i + 1, i + 3) : ''
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16))
      i += 2
    } else {
      bytes.push(...Buffer.from(joined[i], 'utf8'))
    }
  }
  return Buffer.from(bytes).toString('utf8')
}

/** The .eml files in `<dataDir>/outbox`, oldest first (their names start with a timestamp). */
export function outboxFiles(dataDir: string): string[] {
  const dir = join(dataDir, 'outbox')
  if (!existsSync(dir)) return []
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => join(dir, f))
}

/**
 * Waits for a new e-mail (one more than `before`) and returns the path and query of the first
 * `/?resetToken=` link in it. The mail is sent in the background after the API has answered.
 */
export async function waitForResetLink(dataDir: string, before: number, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const files = outboxFiles(dataDir)
    if (files.length > before) {
      const mail = decodeQuotedPrintable(readFileSync(files[files.length - 1], 'utf8'))
      const match = /https?:\/\/[^\s"'<>]+(\/\?resetToken=[^\s"'<>&]+)/.exec(mail)
      if (!match) throw new Error(`No reset link in the e-mail:\n${mail}`)
      return match[1]
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`No e-mail arrived in ${join(dataDir, 'outbox')} within ${timeoutMs} ms`)
}
