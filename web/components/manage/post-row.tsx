import { CalendarDays, Clock, Eye, EyeOff, Hash, ImageIcon, Pencil, Sparkles, Trash2 } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'wouter'
import type { PostListItem } from '../../../src/shared/schemas/index.js'
import { formatDate, formatReadTime } from '../../lib/format.js'
import { SelectCheckbox } from '../admin/select-checkbox.js'
import { postHref } from '../../lib/post-href.js'

/** SPEC §9: tags shown on a manage row. */
export const MANAGE_ROW_TAGS = 3

export interface PostRowProps {
  post: PostListItem
  selected: boolean
  busy: boolean
  onToggleSelected: () => void
  onToggleStatus: () => void
  onRegenerate: () => void
  onEdit: () => void
  onDelete: () => void
}

/**
 * One post on the manage page (SPEC §2): id, read time, published date, a Draft/Published
 * badge and the first 3 tags; Publish/Draft, Regenerate Images, Edit and Delete.
 */
export function PostRow({
  post,
  selected,
  busy,
  onToggleSelected,
  onToggleStatus,
  onRegenerate,
  onEdit,
  onDelete,
}: PostRowProps) {
  const draft = post.status === 'draft'
  const titleId = `manage-post-${post.id}`
  return (
    <article
      className={`manage-row${selected ? ' manage-row--selected' : ''}`}
      aria-labelledby={titleId}
      aria-busy={busy || undefined}
    >
      <SelectCheckbox
        className="manage-row__check"
        checked={selected}
        onToggle={onToggleSelected}
        label={`Select "${post.title}"`}
      />
      <div className="manage-row__main">
        <div className="manage-row__heading">
          <h2 id={titleId} className="manage-row__title">
            <Link href={postHref(post.slug)}>{post.title}</Link>
          </h2>
          <span className={`badge ${draft ? 'badge--draft' : 'badge--published'}`}>
            {draft ? 'Draft' : 'Published'}
          </span>
          {post.featured === 1 && (
            <span className="badge badge--featured">
              <Sparkles size={13} aria-hidden="true" />
              Featured
            </span>
          )}
        </div>
        <ul className="manage-row__facts">
          <li>
            <Hash size={14} aria-hidden="true" />
            <span className="sr-only">Id </span>
            {post.id}
          </li>
          <li>
            <Clock size={14} aria-hidden="true" />
            {formatReadTime(post.readTime)}
          </li>
          <li>
            <CalendarDays size={14} aria-hidden="true" />
            <span className="sr-only">Published </span>
            <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time>
          </li>
        </ul>
        {post.tags.length > 0 && (
          <ul className="manage-row__tags" aria-label="Tags">
            {post.tags.slice(0, MANAGE_ROW_TAGS).map((tag) => (
              <li key={tag} className="post-tag post-tag--static">
                {tag}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="manage-row__actions" role="group" aria-label={`Actions for "${post.title}"`}>
        <button
          type="button"
          className={`button button--small ${draft ? 'button--primary' : 'button--quiet'} manage-row__status`}
          onClick={onToggleStatus}
          disabled={busy}
          title={draft ? 'Publish this post' : 'Move this post back to drafts'}
        >
          {draft ? <Eye size={15} aria-hidden="true" /> : <EyeOff size={15} aria-hidden="true" />}
          {draft ? 'Publish' : 'Draft'}
        </button>
        <RowAction
          label="Regenerate Images"
          icon={<ImageIcon size={15} aria-hidden="true" />}
          onClick={onRegenerate}
          disabled={busy}
        />
        <RowAction label="Edit" icon={<Pencil size={15} aria-hidden="true" />} onClick={onEdit} disabled={busy} />
        <RowAction
          label="Delete"
          icon={<Trash2 size={15} aria-hidden="true" />}
          onClick={onDelete}
          disabled={busy}
          danger
        />
      </div>
    </article>
  )
}

/** An action whose label shows on wide screens and stays its accessible name on narrow ones. */
function RowAction({
  label,
  icon,
  onClick,
  disabled,
  danger = false,
}: {
  label: string
  icon: ReactNode
  onClick: () => void
  disabled: boolean
  danger?: boolean
}) {
  return (
    <button
      type="button"
      className={`button button--quiet button--small manage-row__action${danger ? ' manage-row__action--danger' : ''}`}
      onClick={onClick}
      disabled={disabled}
      title={label}
    >
      {icon}
      <span className="manage-row__action-label">{label}</span>
    </button>
  )
}

/** Rows' shape while the list loads. */
export function PostRowSkeleton() {
  return (
    <div className="manage-row manage-row--skeleton" aria-hidden="true">
      <span className="skeleton manage-row__check-skeleton" />
      <div className="manage-row__main">
        <span className="skeleton skeleton--title" style={{ width: '55%' }} />
        <span className="skeleton skeleton--text" style={{ width: '35%' }} />
      </div>
    </div>
  )
}
