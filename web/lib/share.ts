/** The canonical and share address of a post (DECISIONS.md: /posts/{slug}, absolute). */
export function postShareUrl(baseUrl: string, slug: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/posts/${encodeURIComponent(slug)}`
}

export type ShareService = 'twitter' | 'linkedin' | 'facebook'

/** The three services' share pages for a post (SPEC §7 External), each opened in a new tab. */
export function shareLinks(url: string, title: string): Record<ShareService, string> {
  const u = encodeURIComponent(url)
  return {
    twitter: `https://twitter.com/intent/tweet?text=${encodeURIComponent(title)}&url=${u}`,
    linkedin: `https://www.linkedin.com/sharing/share-offsite/?url=${u}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
  }
}

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed'

interface ShareEnv {
  share?: (data: ShareData) => Promise<void>
  writeText?: (text: string) => Promise<void>
}

/**
 * SPEC §7/§8: the native share sheet when the browser has one, else the address copied to
 * the clipboard. A reader closing the sheet (AbortError) is a cancel, not a failure.
 */
export async function sharePost(
  data: { url: string; title: string; text?: string },
  env: ShareEnv,
): Promise<ShareOutcome> {
  if (env.share) {
    try {
      await env.share({ url: data.url, title: data.title, text: data.text })
      return 'shared'
    } catch (error) {
      if (typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError')
        return 'cancelled'
      return 'failed'
    }
  }
  if (!env.writeText) return 'failed'
  try {
    await env.writeText(data.url)
    return 'copied'
  } catch {
    return 'failed'
  }
}

/** The browser's share and clipboard functions, bound, where they exist. */
export function browserShareEnv(): ShareEnv {
  if (typeof navigator === 'undefined') return {}
  return {
    share: typeof navigator.share === 'function' ? (d) => navigator.share(d) : undefined,
    writeText: navigator.clipboard?.writeText ? (t) => navigator.clipboard.writeText(t) : undefined,
  }
}
