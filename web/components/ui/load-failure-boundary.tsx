import { Component } from 'react'
import type { ReactNode } from 'react'

interface Props {
  /** What to show instead of the part that failed; `retry` renders the children again. */
  fallback: (retry: () => void) => ReactNode
  children: ReactNode
}

/**
 * Keeps a part whose code is fetched on demand from taking the page down when the fetch fails
 * (offline, or a new deploy removed the old file): that part shows `fallback`, the rest of the
 * page stays as it is.
 */
export class LoadFailureBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true }
  }

  override componentDidCatch(error: unknown): void {
    console.error('Scholia: part of the page failed to load', error)
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(() => this.setState({ failed: false })) : this.props.children
  }
}
