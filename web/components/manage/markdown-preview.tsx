import { CircleAlert } from 'lucide-react'
import { useEffect, useMemo, useRef } from 'react'
import { usePreview } from '../../api/admin.js'
import { serverMessage } from '../../lib/errors.js'

/**
 * The edit modal's Preview tab: the markdown rendered by the site's own renderer on the
 * server (POST /api/preview) with the post's own figures and bibliography, so math, code,
 * footnotes, figures and citations look as they will in the essay.
 * The server's HTML is sanitised; it is re-asked only when the text changed.
 */
export function MarkdownPreview({ content, postId }: { content: string; postId?: number }) {
  const preview = usePreview(postId)
  const { mutate } = preview
  const asked = useRef<string | null>(null)

  useEffect(() => {
    if (asked.current === content) return
    asked.current = content
    mutate(content)
  }, [content, mutate])

  const inner = useMemo(() => (preview.data ? { __html: preview.data.html } : null), [preview.data])

  if (preview.isError) {
    return (
      <div className="edit-preview edit-preview--error" role="alert">
        <CircleAlert size={18} aria-hidden="true" />
        <p>
          The preview could not be made: {serverMessage(preview.error, 'the server did not answer.')}{' '}
          <button
            type="button"
            className="link-button"
            onClick={() => {
              asked.current = content
              mutate(content)
            }}
          >
            Try again
          </button>
        </p>
      </div>
    )
  }
  if (!inner || preview.isPending) {
    return (
      <div className="edit-preview" aria-busy="true">
        <span className="sr-only" role="status">
          Rendering the preview…
        </span>
        <span className="skeleton skeleton--title" style={{ width: '50%' }} />
        <span className="skeleton skeleton--text" />
        <span className="skeleton skeleton--text" />
        <span className="skeleton skeleton--text" style={{ width: '70%' }} />
      </div>
    )
  }
  if (!content.trim()) {
    return (
      <div className="edit-preview edit-preview--empty">
        <p>Nothing to preview yet.</p>
      </div>
    )
  }
  return (
    <div className="edit-preview">
      <div className="prose" dangerouslySetInnerHTML={inner} />
    </div>
  )
}
