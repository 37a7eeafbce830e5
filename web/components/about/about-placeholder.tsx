import { Link } from 'wouter'
import { useSite } from '../../site-context.js'

/** SPEC §2: what the About page says while the owner has stored nothing. */
export function AboutPlaceholder() {
  const site = useSite()
  return (
    <div className="prose about__body">
      <p>
        {site.name} publishes long-form, academic-style essays. Each one begins as a plain markdown file and becomes a
        fast, readable page: formulas are typeset from their LaTeX source, code is highlighted, tables and footnotes are
        kept, and every heading finds its place in a table of contents.
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
          <strong>Mathematics that reads like mathematics</strong>: inline and display formulas, numbered equations and
          proofs, typeset on the server so they appear at once, even without JavaScript.
        </li>
      </ul>
      <h2>Staying in touch</h2>
      <p>
        Use the <Link href="/search">search</Link> to find an essay by title, tag or phrase, or leave your address in
        the box at the foot of any page to get an e-mail when a new essay is published.
      </p>
      {site.ownerName && <p className="about__signature">— {site.ownerName}</p>}
    </div>
  )
}
