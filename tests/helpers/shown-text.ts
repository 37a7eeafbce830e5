/**
 * The text a reader sees in rendered HTML: tags dropped, and KaTeX's TeX annotations (MathML
 * a screen shows nothing of) left out, so raw syntax left in prose is what remains to look for.
 * With `code: false`, code blocks and spans are left out too (they may show syntax on purpose).
 */
export function shownText(html: string, { code = true }: { code?: boolean } = {}): string {
  let text = html.replace(/<annotation[^>]*>[\s\S]*?<\/annotation>/g, '')
  if (!code) text = text.replace(/<pre[\s\S]*?<\/pre>/g, '').replace(/<code[\s\S]*?<\/code>/g, '')
  return text.replace(/<[^>]+>/g, '')
}
