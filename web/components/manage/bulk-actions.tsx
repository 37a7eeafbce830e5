import {
  BookMarked,
  FunctionSquare,
  ImageIcon,
  LoaderCircle,
  MessageSquareText,
  MessageSquareX,
  Trash2,
} from 'lucide-react'
import type { ReactNode } from 'react'
import type { BulkKind } from '../../api/admin.js'

export type BulkAction = 'regenerate' | BulkKind | 'delete-annotations' | 'delete'

export interface BulkActionsProps {
  count: number
  /** The bulk call running now, if any: its button spins, the others wait. */
  running?: string
  onAction: (action: BulkAction) => void
}

const ACTIONS: { action: BulkAction; label: string; icon: ReactNode; danger?: boolean }[] = [
  { action: 'regenerate', label: 'Regenerate Images', icon: <ImageIcon size={15} aria-hidden="true" /> },
  { action: 'annotations', label: 'Generate Annotations', icon: <MessageSquareText size={15} aria-hidden="true" /> },
  { action: 'bibliography', label: 'Generate Bibliography', icon: <BookMarked size={15} aria-hidden="true" /> },
  { action: 'models', label: 'Generate Models', icon: <FunctionSquare size={15} aria-hidden="true" /> },
  {
    action: 'delete-annotations',
    label: 'Delete Annotations',
    icon: <MessageSquareX size={15} aria-hidden="true" />,
    danger: true,
  },
  { action: 'delete', label: 'Delete Selected', icon: <Trash2 size={15} aria-hidden="true" />, danger: true },
]

/** SPEC §2 bulk buttons, each with the selected count: 'Generate Annotations (3)'. The destructive ones stand apart. */
export function BulkActions({ count, running, onAction }: BulkActionsProps) {
  const button = ({ action, label, icon, danger }: (typeof ACTIONS)[number]) => (
    <button
      key={action}
      type="button"
      className={`button button--quiet button--small bulk-action${danger ? ' bulk-action--danger' : ''}`}
      disabled={count === 0 || running !== undefined}
      aria-busy={running === action || undefined}
      onClick={() => onAction(action)}
    >
      {running === action ? <LoaderCircle size={15} aria-hidden="true" className="spin" /> : icon}
      <span>{`${label} (${count})`}</span>
    </button>
  )
  return (
    <>
      <div className="bulk-group">{ACTIONS.filter((a) => !a.danger).map(button)}</div>
      <div className="bulk-group bulk-group--danger">{ACTIONS.filter((a) => a.danger).map(button)}</div>
    </>
  )
}
