import { open } from 'node:fs/promises'
import { parse as parseYaml } from 'yaml'
import { z } from 'zod'

/** Front matter sits at the top; this much of a page is enough to read it. */
const HEAD_BYTES = 16_384

const PageRoleSchema = z.looseObject({ listing: z.unknown().optional(), about: z.unknown().optional() })

/**
 * Why a Quarto website page is the site's own page rather than a post, from its front matter:
 * a `listing:` page is filled by Quarto with other pages (the blog's index), an `about:` page is
 * the site's About page. Null for anything else (a book's `index.qmd` is its preface: no such keys).
 */
export async function quartoSitePage(path: string): Promise<string | null> {
  if (!/\.(qmd|md|markdown)$/i.test(path)) return null
  const head = await readHead(path)
  const match = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(head)
  if (!match) return null
  let data: unknown
  try {
    data = parseYaml(match[1])
  } catch {
    // The import reads the front matter again and reports what is wrong with it.
    return null
  }
  const role = PageRoleSchema.safeParse(data)
  if (!role.success) return null
  if (role.data.listing !== undefined && role.data.listing !== false)
    return 'a listing page (listing:), which Quarto fills with other pages'
  if (role.data.about !== undefined && role.data.about !== false) return "the site's About page (about:)"
  return null
}

async function readHead(path: string): Promise<string> {
  const file = await open(path, 'r').catch(() => null)
  if (!file) return ''
  try {
    const buffer = Buffer.alloc(HEAD_BYTES)
    const { bytesRead } = await file.read(buffer, 0, HEAD_BYTES, 0)
    return buffer.subarray(0, bytesRead).toString('utf8')
  } finally {
    await file.close()
  }
}
