import { readFile, stat } from 'node:fs/promises'

/** Only a page this small can be a redirect stub: larger ones are essays and are not read twice. */
const MAX_STUB_BYTES = 4096
const FRONT_MATTER = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/
const META_REFRESH = /<meta\b[^>]*http-equiv\s*=\s*["']?refresh["']?[^>]*>/i
const REFRESH_URL = /url\s*=\s*['"]?([^'">\s]+)/i

/**
 * Where a page only sends its reader: an HTML `<meta http-equiv="refresh">` and nothing to read
 * beside it, or jekyll-redirect-from's `redirect_to:` with an empty body. Sites that moved keep
 * such stubs under the old addresses; imported, each would be an empty post titled by its file
 * name. Null for a page with something to read.
 */
export function redirectOf(text: string): string | null {
  const fm = FRONT_MATTER.exec(text)
  const body = fm ? text.slice(fm[0].length) : text
  const readable = body
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(?:meta|link)\b[^>]*>/gi, '')
    .replace(/<script\b[\s\S]*?<\/script>/gi, '')
    .replace(/<\/?[A-Za-z][^>]*>/g, '')
    .trim()
  // "Redirecting to …" and the like: one short line at most.
  if (readable.length > 120 || readable.includes('\n')) return null
  const refresh = META_REFRESH.exec(body)
  const target = refresh ? REFRESH_URL.exec(refresh[0])?.[1] : undefined
  if (target) return target
  const redirectTo = fm ? /^redirect_to:\s*(?:\[\s*)?["']?([^"'\s\]]+)/m.exec(fm[1])?.[1] : undefined
  return readable === '' && redirectTo ? redirectTo : null
}

/** Why a file of a walked folder is no essay, when it is a redirect stub. */
export async function redirectStubReason(path: string): Promise<string | null> {
  if (((await stat(path).catch(() => null))?.size ?? Infinity) > MAX_STUB_BYTES) return null
  const target = redirectOf(await readFile(path, 'utf8').catch(() => ''))
  return target ? `a redirect to ${target}: the page lives there, not here` : null
}
