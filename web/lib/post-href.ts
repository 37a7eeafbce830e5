/** A post's address in the app (DECISIONS.md: /posts/{slug}). */
export function postHref(slug: string): string {
  return `/posts/${slug}`
}
