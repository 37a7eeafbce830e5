import { House } from 'lucide-react'
import { Link } from 'wouter'
import { StateMessage } from '../components/ui/state-message.js'
import { useDocumentTitle } from '../hooks/use-document-title.js'

/** SPEC §2: anything else reads 'Page Not Found'. */
export function NotFoundPage() {
  useDocumentTitle('Page Not Found')
  return (
    <div className="container page">
      <StateMessage
        level={1}
        icon={<span className="state-message__code">404</span>}
        title="Page Not Found"
        actions={
          <Link href="/" className="button button--primary">
            <House size={16} aria-hidden="true" />
            Go to the home page
          </Link>
        }
      >
        <p>The page you asked for does not exist. It may have been moved, or the address may be mistyped.</p>
      </StateMessage>
    </div>
  )
}
