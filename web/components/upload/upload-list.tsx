import { ArrowRight, CircleCheck, CircleX, FileText, ImageIcon, Info, LoaderCircle } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'wouter'
import type { Job } from '../../../src/shared/schemas/index.js'
import { postHref } from '../../lib/post-href.js'
import { displayStatus, formatBytes } from './upload-entries.js'
import type { UploadEntry, UploadEntryStatus } from './upload-entries.js'

const STATUS: Record<UploadEntryStatus, { label: string; icon: ReactNode }> = {
  processing: { label: 'Processing', icon: <LoaderCircle size={18} className="spin" aria-hidden="true" /> },
  'generating-image': { label: 'Generating image', icon: <ImageIcon size={18} className="pulse" aria-hidden="true" /> },
  success: { label: 'Success', icon: <CircleCheck size={18} aria-hidden="true" /> },
  error: { label: 'Error', icon: <CircleX size={18} aria-hidden="true" /> },
}

/** SPEC §2/§4 per-file status list: processing, then success (with a link to the post) or error with the reason. */
export function UploadList({
  entries,
  jobs,
  onClear,
}: {
  entries: readonly UploadEntry[]
  jobs: readonly Job[]
  onClear?: () => void
}) {
  if (entries.length === 0) return null
  const working = entries.some((e) => e.status === 'processing')
  return (
    <section className="upload-files" aria-labelledby="upload-files-title">
      <div className="upload-files__header">
        <h2 id="upload-files-title" className="upload-files__title">
          Files
        </h2>
        {onClear && !working && (
          <button type="button" className="link-button" onClick={onClear}>
            Clear list
          </button>
        )}
      </div>
      <ul className="upload-files__list">
        {entries.map((entry) => {
          const status = displayStatus(entry, jobs)
          const { label, icon } = STATUS[status]
          return (
            <li
              key={entry.key}
              className={`upload-file upload-file--${status}`}
              aria-busy={status === 'processing' || undefined}
            >
              <span className="upload-file__icon">{icon}</span>
              <div className="upload-file__main">
                <p className="upload-file__name">
                  <FileText size={15} aria-hidden="true" />
                  <span>{entry.name}</span>
                  <span className="upload-file__size">{formatBytes(entry.size)}</span>
                </p>
                <p className="upload-file__status">
                  <span className="upload-file__label">{label}</span>
                  {entry.message && <span className="upload-file__message">{entry.message}</span>}
                </p>
                {entry.notice && (
                  <p className="upload-file__notice">
                    <Info size={14} aria-hidden="true" />
                    <span>{entry.notice}</span>
                  </p>
                )}
              </div>
              {entry.post && (
                <Link href={postHref(entry.post.slug)} className="upload-file__link">
                  {entry.post.status === 'draft' && <span className="badge badge--draft">Draft</span>}
                  <span className="upload-file__post-title">{entry.post.title}</span>
                  <ArrowRight size={15} aria-hidden="true" />
                </Link>
              )}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
