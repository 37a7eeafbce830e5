import type { MailMessage } from '../mailer.js'
import { escapeHtml } from '../../shared/escape-html.js'

/** A new-post alert: title, excerpt, link, and a one-click unsubscribe (RFC 8058 headers too). */
export function newPostAlertMail(p: { to: string; siteName: string; title: string; excerpt: string; link: string; unsubscribeUrl: string }): MailMessage {
  const text = `${p.title}

${p.excerpt}

Read it: ${p.link}

--
You get this because you subscribed to new posts on ${p.siteName}.
Unsubscribe with one click: ${p.unsubscribeUrl}
`
  const html = `<h1 style="font-family:Georgia,serif;font-size:22px">${escapeHtml(p.title)}</h1>
<p style="font-family:Georgia,serif;font-size:16px;line-height:1.5">${escapeHtml(p.excerpt)}</p>
<p><a href="${escapeHtml(p.link)}">Read the essay</a></p>
<hr>
<p style="font-size:12px;color:#666">You get this because you subscribed to new posts on ${escapeHtml(p.siteName)}.
<a href="${escapeHtml(p.unsubscribeUrl)}">Unsubscribe</a></p>`
  return {
    to: p.to,
    subject: `New on ${p.siteName}: ${p.title}`,
    text,
    html,
    headers: { 'List-Unsubscribe': `<${p.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  }
}
