import { RotateCcw } from 'lucide-react'

/** 'Try again' for a failed load; disabled while the retry is on its way. */
export function RetryButton({ onRetry, busy }: { onRetry: () => void; busy: boolean }) {
  return (
    <button type="button" className="button button--secondary" onClick={onRetry} disabled={busy}>
      <RotateCcw size={16} aria-hidden="true" />
      Try again
    </button>
  )
}
