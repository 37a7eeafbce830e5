import type { MailMessage } from '../mailer.js'
import { escapeHtml } from '../../shared/escape-html.js'

/** The reset e-mail: the link opens the site's login dialog on the Reset tab (DECISIONS.md). */
export function passwordResetMail(p: { to: string; username: string; siteName: string; link: string }): MailMessage {
  const text = `Hello ${p.username},

Someone (hopefully you) asked to reset the password of your ${p.siteName} account.
Open this link within one hour to choose a new password:

${p.link}

If you did not ask for this, ignore this message: your password stays as it is.
`
  const html = `<p>Hello ${escapeHtml(p.username)},</p>
<p>Someone (hopefully you) asked to reset the password of your ${escapeHtml(p.siteName)} account. Open this link within one hour to choose a new password:</p>
<p><a href="${escapeHtml(p.link)}">Reset your password</a></p>
<p>If you did not ask for this, ignore this message: your password stays as it is.</p>`
  return { to: p.to, subject: `Reset your ${p.siteName} password`, text, html }
}
