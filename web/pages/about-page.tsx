import { Pencil } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { isAdmin, useCurrentUser } from '../api/auth.js'
import { useAbout } from '../api/site.js'
import { AboutEditor } from '../components/about/about-editor.js'
import { AboutPlaceholder } from '../components/about/about-placeholder.js'
import { useDocumentTitle } from '../hooks/use-document-title.js'
import { useHydrated } from '../hooks/use-hydrated.js'
import { useSite } from '../site-context.js'

/** True when the owner's text opens with its own top-level heading, which then titles the page. */
export function startsWithTitle(html: string): boolean {
  return /^\s*<h1[\s>]/i.test(html)
}

/**
 * SPEC §2 About page: the owner's markdown, rendered and sanitised by the server (GET /api/about,
 * prefetched for the server's render), or the placeholder text while none is stored. Admins get
 * Edit Page, which swaps the text for the editor (SPEC §4: view mode and edit mode).
 */
export function AboutPage() {
  const site = useSite()
  useDocumentTitle('About')
  const about = useAbout()
  const { user } = useCurrentUser()
  const hydrated = useHydrated()
  const [editing, setEditing] = useState(false)
  const editButton = useRef<HTMLButtonElement>(null)
  const returnFocus = useRef(false)
  const canEdit = hydrated && isAdmin(user)
  const html = about.data?.html ?? ''
  const ownTitle = !editing && startsWithTitle(html)

  // back in view mode, focus returns to Edit Page
  useEffect(() => {
    if (!editing && returnFocus.current) {
      returnFocus.current = false
      editButton.current?.focus()
    }
  }, [editing])

  // a reader who signs out while editing is back to reading
  if (editing && !canEdit) setEditing(false)

  let body
  if (editing) {
    body = (
      <AboutEditor
        initial={about.data?.content ?? ''}
        onClose={() => {
          returnFocus.current = true
          setEditing(false)
        }}
      />
    )
  } else if (about.isPending) {
    body = (
      <div className="about__body" role="status" aria-busy="true">
        <span className="sr-only">Loading…</span>
        {[92, 100, 84, 0, 60, 100, 96, 70].map((w, i) =>
          w ? (
            <span key={i} className="skeleton skeleton--text" style={{ width: `${w}%` }} aria-hidden="true" />
          ) : (
            <span key={i} className="skeleton-gap" aria-hidden="true" />
          ),
        )}
      </div>
    )
  } else if (html) {
    // server-rendered and sanitised by the essays' own pipeline (SiteContentService.about)
    body = <div className="prose about__body about__content" dangerouslySetInnerHTML={{ __html: html }} />
  } else {
    body = <AboutPlaceholder />
  }

  return (
    <div className={`container page about${editing ? ' about--editing' : ''}`}>
      <header className={`page-header page-header--narrow about__header${ownTitle ? ' about__header--bare' : ''}`}>
        <div className="about__heading">
          <p className="eyebrow">{editing ? 'Editing' : 'About'}</p>
          {!ownTitle && <h1 className="page-title">{editing ? 'About page' : `About ${site.name}`}</h1>}
          {!editing && !html && !about.isPending && (
            <p className="page-lede">
              {site.description ||
                'A quiet place for long-form writing: essays with formulas, code, tables and references.'}
            </p>
          )}
        </div>
        {canEdit && !editing && (
          <button
            ref={editButton}
            type="button"
            className="button button--secondary button--small about__edit"
            disabled={about.isPending}
            onClick={() => setEditing(true)}
          >
            <Pencil size={15} aria-hidden="true" />
            Edit Page
          </button>
        )}
      </header>
      {body}
    </div>
  )
}
