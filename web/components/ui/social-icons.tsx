import type { ReactNode, SVGProps } from 'react'
import type { SocialIcon as SocialIconName } from '../../../src/shared/footer-defaults.js'

// Brand marks were dropped from lucide-react 1.x; these are the last Lucide versions of them
// (ISC licence, same as lucide-react), drawn with the same stroke style as the other icons.
const PATHS: Record<SocialIconName, ReactNode> = {
  twitter: (
    <path d="M22 4a10 10 0 0 1-2.85 1.37C15.33 2.06 11.27 5.42 12 9c-3.29.45-7.82-2.48-9-4C1.15 9.05 3 16.88 8 17a8.31 8.31 0 0 1-6 2c6.94 5.38 19.6-.59 18.11-11.71A6.83 6.83 0 0 0 22 4Z" />
  ),
  github: (
    <>
      <path d="M15 22v-4a4.8 4.8 0 0 0-1-3.5c3 0 6-2 6-5.5.08-1.25-.27-2.48-1-3.5.28-1.15.28-2.35 0-3.5 0 0-1 0-3 1.5-2.64-.5-5.36-.5-8 0C6 2 5 2 5 2c-.3 1.15-.3 2.35 0 3.5A5.403 5.403 0 0 0 4 9c0 3.5 3 5.5 6 5.5-.39.49-.68 1.05-.85 1.65-.17.6-.22 1.23-.15 1.85v4" />
      <path d="M9 18c-4.51 2-5-2-7-2" />
    </>
  ),
  linkedin: (
    <>
      <path d="M16 8a6 6 0 0 1 6 6v7h-4v-7a2 2 0 0 0-2-2 2 2 0 0 0-2 2v7h-4v-7a6 6 0 0 1 6-6z" />
      <rect width="4" height="12" x="2" y="9" />
      <circle cx="4" cy="4" r="2" />
    </>
  ),
}

export function SocialIcon({
  icon,
  size = 18,
  ...props
}: { icon: SocialIconName; size?: number } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
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
      {PATHS[icon]}
    </svg>
  )
}
