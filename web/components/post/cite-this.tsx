import { Check, Copy, Quote } from 'lucide-react'
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { apaReference, apaText, type ApaPart } from '../../../src/shared/citation/apa.js'
import { bibtexEntry } from '../../../src/shared/citation/bibtex.js'
import type { EssayCitation } from '../../../src/shared/citation/essay-citation.js'
import { escapeHtml } from '../../../src/shared/escape-html.js'
import { copyText } from '../../lib/copy-text.js'

/** How long "Copied" stays on the button. */
const COPIED_MS = 2500

type CopyState = 'idle' | 'copied' | 'failed'

/**
 * A copy button for one format. The page is rendered on the server with its text; the button
 * works once the page has hydrated, and only in the reader's own tap (the clipboard asks for
 * one), so an early tap is not replayed. "Copied" shows on the button and is announced.
 */
function CopyButton({ format, text, html }: { format: string; text: string; html?: string }) {
  const [state, setState] = useState<CopyState>('idle')
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  async function onCopy() {
    const ok = await copyText(text, html)
    setState(ok ? 'copied' : 'failed')
    clearTimeout(timer.current)
    timer.current = setTimeout(() => setState('idle'), COPIED_MS)
  }

  return (
    <>
      <button
        type="button"
        className={`button button--quiet button--small cite-box__copy${state === 'copied' ? ' cite-box__copy--done' : ''}`}
        data-gesture-only=""
        onClick={() => void onCopy()}
      >
        {state === 'copied' ? <Check size={15} aria-hidden="true" /> : <Copy size={15} aria-hidden="true" />}
        {state === 'copied' ? 'Copied' : 'Copy'}
        <span className="sr-only"> {format}</span>
      </button>
      <span className="sr-only" role="status">
        {state === 'copied'
          ? `${format} copied to the clipboard`
          : state === 'failed'
            ? `Could not copy the ${format}; select the text instead`
            : ''}
      </span>
    </>
  )
}

const apaHtml = (parts: ApaPart[]) =>
  parts.map((p) => (p.italic ? `<i>${escapeHtml(p.text)}</i>` : escapeHtml(p.text))).join('')

/** One format: its name as a heading, its copy button, and the text as the page shows it. */
function CiteFormat({
  id,
  label,
  format,
  text,
  html,
  children,
}: {
  id: string
  label: string
  format: string
  text: string
  html?: string
  children: ReactNode
}) {
  return (
    <div className="cite-box__format" role="group" aria-labelledby={id}>
      <div className="cite-box__head">
        <h3 id={id} className="cite-box__label">
          {label}
        </h3>
        <CopyButton format={format} text={text} html={html} />
      </div>
      {children}
    </div>
  )
}

/**
 * "Cite this essay" (issue 40): an APA reference and a BibTeX entry, each with a copy button.
 * Both are made in src/shared/citation from the same citation as the page's Scholar tags.
 */
export function CiteThis({ citation }: { citation: EssayCitation }) {
  const apa = useMemo(() => apaReference(citation), [citation])
  const bibtex = useMemo(() => bibtexEntry(citation), [citation])
  return (
    <section className="cite-box" aria-labelledby="cite-title">
      <h2 id="cite-title" className="cite-box__title">
        <Quote size={18} aria-hidden="true" />
        Cite this essay
      </h2>
      <CiteFormat id="cite-apa" label="APA" format="APA reference" text={apaText(apa)} html={apaHtml(apa)}>
        <p className="cite-box__apa">
          {apa.map((part, i) => (part.italic ? <i key={i}>{part.text}</i> : <span key={i}>{part.text}</span>))}
        </p>
      </CiteFormat>
      <CiteFormat id="cite-bibtex" label="BibTeX" format="BibTeX entry" text={bibtex}>
        <pre className="cite-box__bibtex">
          {/* a line each, so a field too long for the box wraps under its own value, not at the edge */}
          <code>
            {bibtex.split('\n').map((line, i, lines) => (
              <span key={i} className="cite-box__line">
                {i < lines.length - 1 ? `${line}\n` : line}
              </span>
            ))}
          </code>
        </pre>
      </CiteFormat>
    </section>
  )
}
