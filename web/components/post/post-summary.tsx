import { ScrollText } from 'lucide-react'

/** Paragraphs of a plain-text summary: blank lines separate them. */
export function summaryParagraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
}

/** SPEC §2: the post's summary (`summary`, else `contentSummary`), as plain text before the essay. */
export function PostSummary({ text }: { text: string | null }) {
  const paragraphs = text ? summaryParagraphs(text) : []
  if (paragraphs.length === 0) return null
  return (
    <section className="post-summary" aria-labelledby="post-summary-title">
      <h2 id="post-summary-title" className="post-summary__title">
        <ScrollText size={16} aria-hidden="true" />
        Summary
      </h2>
      {paragraphs.map((p, i) => (
        <p key={i}>{p}</p>
      ))}
    </section>
  )
}
