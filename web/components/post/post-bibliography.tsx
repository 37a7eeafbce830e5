import { BookOpen, ExternalLink } from 'lucide-react'
import type { Bibliography } from '../../../src/shared/schemas/enhancements.js'
import { ENTRY_TYPE_LABELS, formatCitation } from '../../lib/bibliography-format.js'
import type { BibliographyEntry } from '../../lib/bibliography-format.js'

function Citation({ entry }: { entry: BibliographyEntry }) {
  return (
    <p className="reference__citation">
      {formatCitation(entry).map((part, i) =>
        part.kind === 'text' ? (
          <span key={i}>{part.text}</span>
        ) : part.kind === 'title' ? (
          <cite key={i}>{part.text}</cite>
        ) : (
          <a key={i} href={part.href} target="_blank" rel="noopener noreferrer" className="reference__link">
            {part.text}
            <ExternalLink size={12} aria-hidden="true" />
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        ),
      )}
    </p>
  )
}

/**
 * SPEC §2 'Bibliography and References': the introduction, each entry formatted by its type
 * with its relevance and quotation, and a further-reading list. Given only a parsed
 * bibliography: one that could not be parsed is left out by the page, silently.
 */
export function PostBibliography({ bibliography }: { bibliography: Bibliography }) {
  const { introduction, entries, furtherReading } = bibliography
  if (!introduction.trim() && entries.length === 0 && furtherReading.length === 0) return null
  return (
    <section className="bibliography" aria-labelledby="bibliography-title">
      <h2 id="bibliography-title" className="bibliography__title">
        <BookOpen size={20} aria-hidden="true" />
        Bibliography and References
      </h2>
      {introduction.trim() && <p className="bibliography__intro">{introduction}</p>}
      {entries.length > 0 && (
        <ol className="bibliography__list">
          {entries.map((entry, i) => (
            <li key={`${entry.id}-${i}`} className="reference">
              <span className="reference__type">{ENTRY_TYPE_LABELS[entry.type]}</span>
              <Citation entry={entry} />
              {entry.quote?.trim() && <blockquote className="reference__quote">{entry.quote.trim()}</blockquote>}
              {entry.relevance?.trim() && (
                <p className="reference__relevance">
                  <span className="reference__relevance-label">Relevance: </span>
                  {entry.relevance.trim()}
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
      {furtherReading.length > 0 && (
        <>
          <h3 className="bibliography__subtitle">Further Reading</h3>
          <ul className="bibliography__further">
            {furtherReading.map((item, i) => (
              <li key={i}>{item}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}
