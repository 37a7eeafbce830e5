import { describe, it, expect, afterAll, beforeAll } from 'vitest'
import { SMTPServer } from 'smtp-server'
import type { AddressInfo } from 'node:net'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { createMailer } from '../../src/mail/mailer.js'
import { tempDir } from '../helpers/temp-dir.js'

/** A real SMTP conversation with a local server: what `SMTP_URL` does in production. */
describe('mail over SMTP', () => {
  const received: { from: string; to: string[]; data: string }[] = []
  let server: SMTPServer
  let port: number
  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let data = ''
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()))
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data,
          })
          callback()
        })
      },
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
    port = (server.server.address() as AddressInfo).port
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  it('sends through the server named by SMTP_URL and writes nothing to the outbox', async () => {
    const tmp = tempDir('smtp-')
    const mailer = createMailer({
      dataDir: tmp.path,
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: '"Scholia" <no-reply@example.org>',
    })
    expect(mailer.description).toBe(`SMTP server 127.0.0.1:${port}`)
    await mailer.send({ to: 'reader@example.org', subject: 'Hello', text: 'A message.' })
    expect(received).toHaveLength(1)
    expect(received[0].to).toEqual(['reader@example.org'])
    expect(received[0].from).toBe('no-reply@example.org')
    expect(received[0].data).toContain('Subject: Hello')
    expect(existsSync(join(tmp.path, 'outbox'))).toBe(false)
    tmp.cleanup()
  })
})
