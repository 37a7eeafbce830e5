import { truncateTo } from '../terminal/text-fit.js'
import type { Snapshot } from './snapshot.js'

/**
 * What `blog dashboard` prints without a terminal (piped, CI): the same panes, once, as text.
 * Posts are listed in full; a script wanting fields uses `--json` (the snapshot itself).
 */
export function formatSummary(s: Snapshot): string[] {
  const published = s.posts.filter((p) => p.status === 'published').length
  const featured = s.posts.filter((p) => p.featured).length
  const failed = s.jobs.filter((j) => j.status === 'failed')
  const lines = [
    `Scholia dashboard: ${s.dataDir} (${s.baseUrl})`,
    '',
    `Posts: ${s.posts.length} (${published} published, ${plural(s.posts.length - published, 'draft')}, ${featured} featured)`,
  ]
  for (const p of s.posts) {
    const mark = `${p.status === 'published' ? 'published' : 'draft    '} ${p.featured ? '★' : ' '}`
    lines.push(
      `  ${mark} ${p.title} (/posts/${p.slug}, ${p.readTime} min)  ${p.enhancements.length ? p.enhancements.join(', ') : 'no enhancements'}`,
    )
  }
  lines.push('', `Jobs: ${s.pendingJobs} waiting or running, ${failed.length} failed`)
  for (const j of s.jobs)
    lines.push(`  ${j.status.padEnd(10)} ${j.kind.padEnd(12)} ${j.title}${j.error ? `: ${j.error}` : ''}`)
  lines.push('', `Subscribers: ${s.subscribers}`, `Comments waiting for approval: ${s.pendingComments.length}`)
  for (const c of s.pendingComments) lines.push(`  ${c.name} on "${c.postTitle}": ${oneLine(c.text, 80)}`)
  lines.push('', `Recent imports: ${s.recentImports.length ? '' : 'none'}`.trimEnd())
  for (const i of s.recentImports) lines.push(`  ${i.at.slice(0, 16).replace('T', ' ')}  ${i.path} → /posts/${i.slug}`)
  return lines
}

/** Text shown on one line, cut with an ellipsis past `max` terminal columns. */
export function oneLine(text: string, max: number): string {
  return truncateTo(text.replace(/\s+/g, ' ').trim(), max)
}

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`
