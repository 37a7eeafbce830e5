import { useEffect, useRef, useState } from 'react'
import type { ImgHTMLAttributes } from 'react'

/**
 * An <img> that removes itself when it fails to load (SPEC §8: a banner that fails is hidden).
 * A failure can happen before hydration, when React is not yet listening for `error`, so an
 * image that already finished is checked once more on mount: decode() rejects for a broken one.
 */
export function FallibleImage({ onError, src, ...props }: ImgHTMLAttributes<HTMLImageElement>) {
  const [failed, setFailed] = useState(false)
  const img = useRef<HTMLImageElement>(null)

  useEffect(() => {
    setFailed(false)
    const el = img.current
    if (el && el.complete && el.naturalWidth === 0) {
      el.decode().catch(() => setFailed(true))
    }
  }, [src])

  if (failed) return null
  return (
    <img
      ref={img}
      src={src}
      {...props}
      onError={(e) => {
        setFailed(true)
        onError?.(e)
      }}
    />
  )
}
