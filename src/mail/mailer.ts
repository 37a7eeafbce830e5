import type * as Nodemailer from 'nodemailer'
import type { Transporter } from 'nodemailer'
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { ensureDir, writeFileAtomic } from '../core/atomic-file.js'
import { dataFolder } from '../core/data-folder.js'

export interface MailMessage {
  to: string
  subject: string
  text: string
  html?: string
  headers?: Record<string, string>
}

export interface SentMail {
  messageId: string
  /** The .eml file written when mail goes to the outbox. */
  file?: string
}

/** The port for outgoing mail; tests inject a fake, users choose SMTP or the outbox by setting. */
export interface Mailer {
  /** Where mail goes, for logs and the dashboard (never includes credentials). */
  readonly description: string
  send(message: MailMessage): Promise<SentMail>
}

export interface MailerOptions {
  dataDir: string
  smtpUrl?: string
  from: string
}

/** DECISIONS.md: SMTP when `SMTP_URL` is set, otherwise `.eml` files in `data/outbox/`. */
export function createMailer(opts: MailerOptions): Mailer {
  return opts.smtpUrl
    ? smtpMailer(opts.smtpUrl, opts.from)
    : outboxMailer(dataFolder(opts.dataDir).outboxDir, opts.from)
}

/**
 * nodemailer is loaded with the first message, not when a command starts: most commands, the
 * import among them, never send one.
 */
function lazyTransport(
  make: (nodemailer: Pick<typeof Nodemailer, 'createTransport'>) => Transporter,
): () => Promise<Transporter> {
  let transport: Promise<Transporter> | null = null
  return () => (transport ??= import('nodemailer').then(({ default: nodemailer }) => make(nodemailer)))
}

function smtpMailer(url: string, from: string): Mailer {
  const transport = lazyTransport((nodemailer) => nodemailer.createTransport(url))
  const { hostname, port } = new URL(url)
  return {
    description: `SMTP server ${hostname}${port ? `:${port}` : ''}`,
    async send(message) {
      const info = (await (await transport()).sendMail({ from, ...message })) as { messageId: string }
      return { messageId: info.messageId }
    },
  }
}

/** Writes each message as a complete RFC 822 file that any mail client opens. */
function outboxMailer(dir: string, from: string): Mailer {
  const transport = lazyTransport((nodemailer) =>
    nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  )
  return {
    description: `outbox folder ${dir}`,
    async send(message) {
      const info = (await (await transport()).sendMail({ from, ...message })) as { messageId: string; message: Buffer }
      await ensureDir(dir)
      const stamp = new Date().toISOString().replace(/[:.]/g, '-')
      const file = join(dir, `${stamp}-${randomBytes(4).toString('hex')}.eml`)
      await writeFileAtomic(file, info.message)
      return { messageId: info.messageId, file }
    },
  }
}
