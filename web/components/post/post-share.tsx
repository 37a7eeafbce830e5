import { Printer, Share2 } from 'lucide-react'
import type { SVGProps } from 'react'
import { useCurrentUser } from '../../api/auth.js'
import { useSite } from '../../site-context.js'
import { ArxivExportButton } from '../admin/arxiv-export-button.js'
import { browserShareEnv, postShareUrl, sharePost, shareLinks } from '../../lib/share.js'
import type { ShareService } from '../../lib/share.js'
import { SocialIcon } from '../ui/social-icons.js'
import { useToast } from '../ui/toaster.js'

/** Lucide's last Facebook mark (ISC), drawn like the other brand icons in ui/social-icons. */
function FacebookIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={16}
      height={16}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      <path d="M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z" />
    </svg>
  )
}

const SERVICES: { service: ShareService; label: string }[] = [
  { service: 'twitter', label: 'Twitter' },
  { service: 'linkedin', label: 'LinkedIn' },
  { service: 'facebook', label: 'Facebook' },
]

/**
 * SPEC §2 share buttons: a generic Share (the native share sheet, else the address copied),
 * Twitter, LinkedIn and Facebook in new tabs with the canonical address, Print, and for a
 * signed-in user the arXiv export.
 */
export function PostShare({ slug, title, excerpt }: { slug: string; title: string; excerpt: string }) {
  const { baseUrl } = useSite()
  const { toast } = useToast()
  const { user } = useCurrentUser()
  const url = postShareUrl(baseUrl, slug)
  const links = shareLinks(url, title)

  async function onShare() {
    const outcome = await sharePost({ url, title, text: excerpt || undefined }, browserShareEnv())
    if (outcome === 'copied') toast({ title: 'Link Copied', description: 'Post URL copied to clipboard' })
    else if (outcome === 'cancelled') console.info('Scholia: sharing was cancelled')
    else if (outcome === 'failed') {
      console.warn('Scholia: sharing failed')
      toast({ title: 'Share Failed', description: 'Unable to share post', variant: 'destructive' })
    }
  }

  return (
    <div className="post-share" role="group" aria-label="Share this post">
      {/* the share sheet and the clipboard need the reader's own tap: a replayed one would fail */}
      <button
        type="button"
        className="button button--quiet button--small"
        data-gesture-only=""
        onClick={() => void onShare()}
      >
        <Share2 size={16} aria-hidden="true" />
        Share
      </button>
      {SERVICES.map(({ service, label }) => (
        <a
          key={service}
          className="icon-button icon-button--outline post-share__service"
          href={links[service]}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Share on ${label} (opens in a new tab)`}
          title={`Share on ${label}`}
        >
          {service === 'facebook' ? <FacebookIcon /> : <SocialIcon icon={service} size={16} />}
        </a>
      ))}
      <button type="button" className="button button--quiet button--small" onClick={() => window.print()}>
        <Printer size={16} aria-hidden="true" />
        Print
      </button>
      {user && <ArxivExportButton slug={slug} />}
      {user && <ArxivExportButton slug={slug} archive />}
    </div>
  )
}
