import { Suspense, lazy, useState } from 'react'
import type { RegenerateImagesDialogProps } from './regenerate-images-dialog.js'

// The dialog and its controls (Radix Select, RadioGroup, Switch) load the first time an owner
// opens it; readers never download them.
const Dialog = lazy(() => import('./regenerate-images-dialog.js').then((m) => ({ default: m.RegenerateImagesDialog })))

/** The image regeneration dialog, loaded on first use (see regenerate-images-dialog.tsx). */
export function LazyRegenerateImagesDialog(props: RegenerateImagesDialogProps) {
  const [wanted, setWanted] = useState(false)
  if (props.open && !wanted) setWanted(true)
  if (!wanted) return null
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  )
}
