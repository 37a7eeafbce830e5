import { FolderCog, GraduationCap, ImageIcon, Sparkles, Upload } from 'lucide-react'
import { Link } from 'wouter'

/** The product's name (SPEC §2: the welcome title uses it). */
export const PRODUCT_NAME = 'Scholia'

const BLURBS = [
  {
    icon: Sparkles,
    title: 'AI-Enhanced',
    text: 'Annotations, summaries, bibliographies and mathematical models drawn from your own essays.',
  },
  {
    icon: ImageIcon,
    title: 'Smart Images',
    text: 'A banner and a social card for every post, generated from its title and ideas.',
  },
  {
    icon: GraduationCap,
    title: 'Academic Ready',
    text: 'LaTeX formulas, code, tables and footnotes, typeset for long, careful reading.',
  },
]

/** SPEC §2: the home page with no posts and no search. */
export function WelcomeState() {
  return (
    <section className="welcome" aria-labelledby="welcome-title">
      <h2 id="welcome-title" className="welcome__title">
        {`Welcome to ${PRODUCT_NAME}`}
      </h2>
      <p className="welcome__text">Your blog is ready to come to life! Start by uploading your first markdown essay.</p>
      <ul className="welcome__blurbs">
        {BLURBS.map(({ icon: Icon, title, text }) => (
          <li key={title} className="welcome__blurb">
            <span className="welcome__blurb-icon" aria-hidden="true">
              <Icon size={22} />
            </span>
            <h3>{title}</h3>
            <p>{text}</p>
          </li>
        ))}
      </ul>
      <div className="welcome__actions">
        <Link href="/upload" className="button button--primary button--large">
          <Upload size={18} aria-hidden="true" />
          Upload Your First Post
        </Link>
        <Link href="/manage" className="button button--secondary button--large">
          <FolderCog size={18} aria-hidden="true" />
          Manage Content
        </Link>
      </div>
    </section>
  )
}
