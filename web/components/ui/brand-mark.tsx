/** The Scholia mark: a page of text with a note in its margin (a scholion). */
export function BrandMark({ size = 28 }: { size?: number }) {
  return (
    <svg className="brand-mark" width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect x="1" y="1" width="30" height="30" rx="8" className="brand-mark__page" />
      <path d="M8 10.5h10M8 15.5h10M8 20.5h7" className="brand-mark__lines" />
      <path d="M23.5 9.5v8" className="brand-mark__note" />
    </svg>
  )
}
