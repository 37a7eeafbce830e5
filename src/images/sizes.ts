/** What the site stores and shows (DECISIONS.md): the banner is also the 1200×630 social image. */
export const IMAGE_SIZES = {
  banner: { width: 1200, height: 630 },
  content: { width: 1024, height: 768 },
} as const

/** Content images drawn per post. */
export const CONTENT_IMAGE_COUNT = 2
