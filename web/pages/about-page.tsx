import { Link } from 'wouter'
import { useDocumentTitle } from '../hooks/use-document-title.js'
import { useSite } from '../site-context.js'

/**
 * SPEC §2 About page. Stored content (GET /api/about) and its editor arrive with the admin
 * issue; until then, and whenever none is stored, this placeholder text is shown.
 */
export function AboutPage() {
  const site = useSite()
  useDocumentTitle('About')
  return (
    <div className="container page about">
      <header className="page-header page-header--narrow">
        <p className="eyebrow">About</p>
        <h1 className="page-title">{`About ${site.name}`}</h1>
        <p className="page-lede">
          {site.description || 'A quiet place for long-form writing: essays with formulas, code, tables and references.'}
        </p>
      </header>
      <div className="prose about__body">
        <p>
          {site.name} publishes long-form, academic-style essays. Each one begins as a plain markdown file and becomes a
          fast, readable page: formulas are typeset from their LaTeX source, code is highlighted, tables and footnotes
          are kept, and every heading finds its place in a table of contents.
        </p>
        <h2>What you will find here</h2>
        <ul>
          <li>
            <strong>Essays meant to be read slowly</strong>, set in a text face at a comfortable measure, in light or
            dark.
          </li>
          <li>
            <strong>Reading aids</strong> beside the text: a table of contents, annotations that explain terms and
            context, a bibliography of the works an essay draws on, and related essays to continue with.
          </li>
          <li>
            <strong>Mathematics that reads like mathematics</strong>: inline and display formulas, numbered equations
            and proofs, typeset on the server so they appear at once, even without JavaScript.
          </li>
        </ul>
        <h2>Staying in touch</h2>
        <p>
          Use the <Link href="/search">search</Link> to find an essay by title, tag or phrase, or leave your address in the
          box at the foot of any page to get an e-mail when a new essay is published.
        </p>
        {site.ownerName && (
          <p className="about__signature">
            — {site.ownerName}
          </p>
        )}
      </div>
    </div>
  )
}
