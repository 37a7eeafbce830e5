import { Highlighter } from 'lucide-react'
import { ANNOTATION_TYPE_LABELS, ANNOTATION_TYPES } from '../../lib/annotations.js'
import type { AnnotationType } from '../../lib/annotations.js'

interface AnnotationToggleProps {
  shown: boolean
  onToggle: () => void
  /** How many terms are highlighted when shown. */
  count: number
  /** The types among them, for the legend. */
  types: ReadonlySet<AnnotationType>
  controls: string
}

/**
 * SPEC §2 'Show Annotations' / 'Hide Annotations'. While shown, a legend names the colours of
 * the types present, and a polite status says how many terms can be opened.
 */
export function AnnotationToggle({ shown, onToggle, count, types, controls }: AnnotationToggleProps) {
  return (
    <div className="annotation-bar">
      <button
        type="button"
        className={`button button--small ${shown ? 'button--secondary' : 'button--quiet'} annotation-bar__toggle`}
        onClick={onToggle}
        aria-controls={controls}
      >
        <Highlighter size={16} aria-hidden="true" />
        {shown ? 'Hide Annotations' : 'Show Annotations'}
      </button>
      {shown ? (
        <ul className="annotation-legend" aria-label="Annotation colours">
          {ANNOTATION_TYPES.filter((t) => types.has(t)).map((type) => (
            <li key={type} className="annotation-legend__item">
              <span className={`annotation-legend__swatch annotation-legend__swatch--${type}`} aria-hidden="true" />
              {ANNOTATION_TYPE_LABELS[type]}
            </li>
          ))}
        </ul>
      ) : (
        <span className="annotation-bar__hint">
          {count} {count === 1 ? 'term' : 'terms'} explained
        </span>
      )}
      <span className="sr-only" role="status">
        {shown
          ? `${count} annotated ${count === 1 ? 'term is' : 'terms are'} highlighted; select one to read its note.`
          : ''}
      </span>
    </div>
  )
}
