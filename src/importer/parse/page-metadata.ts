/** Deeper than this, front matter is data for tools, not text a page shows. */
const MAX_DEPTH = 4
const MAX_VALUE = 2000

/**
 * The front matter's values as text, by key and by dotted path (`author`, `params.version`),
 * for what a page's body reads from its own metadata (Quarto's `{{< meta key >}}`). A list of
 * texts reads as they are joined with commas; an author list of `{name: …}` records, as names.
 */
export function pageMetadata(frontmatter: Record<string, unknown>): Map<string, string> {
  const out = new Map<string, string>()
  const visit = (value: unknown, key: string, depth: number): void => {
    const text = asText(value)
    if (text !== null) {
      if (text.length <= MAX_VALUE) out.set(key, text)
      return
    }
    if (depth >= MAX_DEPTH || value === null || typeof value !== 'object' || Array.isArray(value)) return
    for (const [name, inner] of Object.entries(value)) visit(inner, `${key}.${name}`, depth + 1)
  }
  for (const [key, value] of Object.entries(frontmatter)) visit(value, key, 0)
  return out
}

function asText(value: unknown): string | null {
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (!Array.isArray(value)) return null
  const parts = value.map((item) =>
    item !== null && typeof item === 'object' && 'name' in item
      ? asText((item as { name: unknown }).name)
      : asText(item),
  )
  return parts.every((p): p is string => p !== null) ? parts.join(', ') : null
}
