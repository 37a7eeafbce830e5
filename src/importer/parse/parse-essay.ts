import { essaySlug } from '../../shared/slug.js'
import { readAuthorNames } from './author.js'
import { scanBody } from './body-scan.js'
import { DATE_KEYS, parseDateValue } from './dates.js'
import { titleFromFileName } from './file-title.js'
import { FrontmatterLookup, isFalsy, isTruthy } from './frontmatter-lookup.js'
import { collapseWhitespace, inlineMarkdownToText, trimCharacters, truncateText } from '../../text/plain-text.js'
import { splitFrontmatter } from './split-frontmatter.js'
export { hasOwnDate } from './dates.js'
import { readTags } from './tags.js'
import { mathToText } from '../../markdown/tex-to-text.js'
import { headingLabel } from '../../markdown/dialects/knitr/pandoc-identifier.js'
import type { EssayInput, ParseOptions, ParsedEssay } from './types.js'
import { MAX_EXCERPT_LENGTH } from '../../shared/excerpt-limit.js'

/** Longest excerpt and meta description, in characters (the ellipsis included). */
const MAX_TITLE_LENGTH = 300
/** A broken file can produce thousands of warnings; the first few say what is wrong. */
const MAX_WARNINGS = 20
const UNTITLED = 'Untitled'

const TITLE_KEYS = ['title']
const SLUG_KEYS = ['slug']
const EXCERPT_KEYS = ['excerpt', 'description', 'summary', 'abstract', 'rss_description', 'rss']
const META_DESCRIPTION_KEYS = ['meta_description', 'metaDescription', 'description', 'rss_description', 'rss']
const AUTHOR_KEYS = ['author', 'authors']
const TAG_KEYS = ['tags', 'tag', 'categories', 'category', 'keywords']

/**
 * Turns one markdown file into post fields. Never throws: whatever the text, the essay comes
 * back with a title, a slug and a date, and every problem met on the way is in `warnings`.
 * A file whose frontmatter cannot be read at all still imports, with its defaults and a warning.
 *
 * `firstParagraph` 'later': the caller takes the excerpt's first paragraph from the rendered
 * essay (renderedExcerpt), so the body's markdown is not searched for it here; `excerpt` is
 * then the description alone.
 */
export function parseEssay(
  input: EssayInput,
  options: ParseOptions,
  firstParagraph: 'scan' | 'later' = 'scan',
): ParsedEssay {
  const text = String(input.text ?? '')
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
  const mtime = validDate(input.mtime) ?? new Date()
  try {
    return parseNormalised(text, input.path, mtime, options, firstParagraph === 'scan')
  } catch (error) {
    // A defect in a reader must not stop an import; the essay goes in as plain markdown.
    const title = titleFromFileName(input.path) || UNTITLED
    return {
      title,
      slug: essaySlug({ title, path: input.path }),
      excerpt: '',
      excerptField: '',
      metaDescription: null,
      author: options.ownerName,
      tags: [],
      publishedAt: mtime,
      status: 'published',
      featured: 0,
      body: text,
      frontmatter: {},
      warnings: [
        `parse: unexpected error (${error instanceof Error ? error.message : String(error)}); imported as plain markdown`,
      ],
    }
  }
}

function parseNormalised(
  text: string,
  path: string,
  mtime: Date,
  options: ParseOptions,
  findParagraph: boolean,
): ParsedEssay {
  const split = splitFrontmatter(text)
  const warnings = [...split.warnings]
  const fields = new FrontmatterLookup(split.frontmatter)
  const frontmatterTitle = plainField(fields.first(TITLE_KEYS)?.value)
  const scan = scanBody(split.body, frontmatterTitle !== '', findParagraph)
  const title = truncateText(
    frontmatterTitle || scan.heading?.text || titleFromFileName(path) || UNTITLED,
    MAX_TITLE_LENGTH,
  )

  let body = split.body
  let titleLabel: string | undefined
  if (scan.heading?.leading && sameText(scan.heading.text, title)) {
    titleLabel = titleHeadingLabel(body.slice(scan.heading.start, scan.heading.end), path)
    const before = body.slice(0, scan.heading.start)
    const after = body.slice(scan.heading.end)
    const rest = after.replace(/^(?:[ \t]*\n)+/, '')
    body = before.trim() ? `${before.trimEnd()}\n\n${rest}` : rest
  }

  const description = readDescription(fields.first(EXCERPT_KEYS)?.value, title)
  // A feed generator's cut of the page's start says less than the essay's own first paragraph,
  // whatever it was cut from (an epigraph, a comment the page does not show, a link written out).
  const excerptField = description.generated ? '' : description.text
  // Nor is such a teaser the page's description for search engines; and a description left
  // with nothing but an ellipsis (its picture dropped) is no description.
  const meta = readDescription(fields.first(META_DESCRIPTION_KEYS)?.value, title)
  const metaField = meta.generated ? '' : meta.text.replace(/^[.…\s]+$/, '')
  const excerpt = chooseExcerpt(excerptField, scan.firstParagraph, title)

  return {
    title,
    slug: essaySlug({ slug: plainField(fields.first(SLUG_KEYS)?.value), title, path }),
    // Excerpts appear where markup cannot (cards, meta tags, feeds): formulas become readable text.
    excerpt: truncateText(mathToText(excerpt), MAX_EXCERPT_LENGTH),
    excerptField,
    metaDescription: metaField ? truncateText(mathToText(metaField), MAX_EXCERPT_LENGTH) : null,
    author: readAuthor(fields) ?? options.ownerName,
    tags: readTags(fields.all(TAG_KEYS), { jekyll: isJekyllPage(path, fields) }),
    publishedAt: readPublishedAt(fields, mtime, warnings),
    status: readStatus(fields, warnings),
    featured: isTruthy(fields.first(['featured'])?.value) ? 1 : 0,
    body,
    ...(titleLabel ? { titleLabel } : {}),
    frontmatter: split.frontmatter,
    warnings: limitWarnings(warnings),
  }
}

/**
 * The label the title heading taken off the body gave the essay: its own `{#id}`, or in R
 * Markdown the identifier pandoc makes of it (bookdown's `\@ref(introduction)` names the chapter
 * `# Introduction`).
 */
function titleHeadingLabel(heading: string, path: string): string | undefined {
  const { label, explicit } = headingLabel(heading.replace(/^\s*#+\s*/, '').trim())
  return explicit || /\.rmd$/i.test(path) ? label : undefined
}

/** A Jekyll post (under `_posts/`) or page (it names a Jekyll `layout`), whose tag strings Jekyll splits on spaces. */
function isJekyllPage(path: string, fields: FrontmatterLookup): boolean {
  return /(?:^|[\\/])_posts[\\/]/.test(path) || typeof fields.first(['layout'])?.value === 'string'
}

function limitWarnings(warnings: string[]): string[] {
  if (warnings.length <= MAX_WARNINGS) return warnings
  const shown = warnings.slice(0, MAX_WARNINGS - 1)
  return [...shown, `… and ${warnings.length - shown.length} more problems of the same kind`]
}

/** A frontmatter value as one line of plain text ('' when it is not text-like). */
/**
 * A front-matter field as text. Hugo's and Quarto's shortcodes in it (`title: NLP in Python
 * {{< iconify devicon python >}}`) are the site's own templates (an icon, say), run by the tool
 * that built the site: they are left out, never shown.
 */
function plainField(value: unknown): string {
  if (typeof value === 'string') return inlineMarkdownToText(withoutShortcodes(value))
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (Array.isArray(value) && value.every((item) => typeof item === 'string' || typeof item === 'number')) {
    return inlineMarkdownToText(withoutShortcodes(value.join(' ')))
  }
  return ''
}

function withoutShortcodes(text: string): string {
  return text.includes('{{') ? text.replace(/\s*\{\{(?:<[^{}]{0,300}?>|%[^{}]{0,300}?%)\}\}/g, '').trim() : text
}

/**
 * Old Franklin feeds write descriptions as "Title | first words…", copied from the body with
 * its quote markers, and with its markup flattened: a link as "text (https://…)", a picture as
 * "!alt (/path.png)", a footnote mark as "^name". The title is shown next to the excerpt anyway,
 * so a title in front is dropped (as the feed spelt it: "and" for "&" or "-"), whichever mark
 * follows it ("Title; subtitle", "Title: …"), and so are the picture and the footnote mark,
 * which read as nothing. `generated` says it is such a feed's teaser: after the title and its
 * bar, words that end in an ellipsis.
 */
function readDescription(value: unknown, title: string): { text: string; generated: boolean } {
  const field = plainField(value)
  const { text, bar } = withoutTitle(field, title)
  const cleaned = collapseWhitespace(
    text
      .replace(/^(?:>\s*)+/, '')
      .replace(FLAT_PICTURE, ' ')
      .replace(FLAT_NOTE_MARK, ''),
  )
  return { text: cleaned, generated: bar && /(?:\.\.\.|…)$/.test(cleaned) && /[\p{L}\p{N}]/u.test(cleaned) }
}

/** What may stand between a title and the rest of a description. */
const AFTER_TITLE = / \| |; |: | [-–—] /g

/**
 * `text` without the title in front of it (`bar`: it was followed by " | "). After any mark but
 * the feeds' bar, the rest must read as a sentence of its own: "Solvers: how we made them
 * fast." is one sentence, and stays whole.
 */
function withoutTitle(text: string, title: string): { text: string; bar: boolean } {
  const wanted = looseText(title)
  if (!wanted) return { text, bar: false }
  for (const match of text.matchAll(AFTER_TITLE)) {
    if (looseText(text.slice(0, match.index)) !== wanted) continue
    const rest = text.slice(match.index + match[0].length)
    const bar = match[0] === ' | '
    if (rest.trim() && (bar || !/^\s*\p{Ll}/u.test(rest))) return { text: rest, bar }
  }
  return { text, bar: false }
}

/** A picture written out as text: "!pi (/assets/pi.png)". */
const FLAT_PICTURE = /(?<=^|\s)!\S*\s*\((?:https?:\/\/|\/)[^()\s]*\)/g
/** A footnote mark written out as text: "… language. ^greenspun". */
const FLAT_NOTE_MARK = /(?<=^|[\s\p{P}])\^[\p{L}][\w-]*/gu
/** A link's address written out after its text: "DiffEqBot (https://github.com/DiffEqBot)". */
const FLAT_LINK_ADDRESS = /\s*\((?:https?:\/\/|\/)[^()\s]*\)/g
/** The same, where the teaser was cut in the middle of the address. */
const CUT_LINK_ADDRESS = /\s*\((?:https?:\/\/|\/)[^()\s]*$/

/** Letters and digits only, "and" left out: titles as feeds and pages spell them differently. */
function looseText(text: string): string {
  return text
    .toLowerCase()
    .replace(/\band\b/g, '')
    .replace(/[^\p{L}\p{N}]/gu, '')
}

/**
 * The excerpt once the essay is rendered: `firstParagraph` comes from the essay's one reading
 * (src/markdown/reading-excerpt.ts), so it reads as the page does; a description in the front
 * matter still wins, as before.
 */
export function renderedExcerpt(parsed: Pick<ParsedEssay, 'excerptField' | 'title'>, firstParagraph: string): string {
  const chosen = chooseExcerpt(parsed.excerptField, firstParagraph, parsed.title)
  return truncateText(chosen === firstParagraph ? chosen : mathToText(chosen), MAX_EXCERPT_LENGTH)
}

/**
 * The description field wins, except where it says less than the body does: a description
 * that only repeats the title, or a feed teaser ("The first words of the post...") that the
 * first paragraph continues.
 */
function chooseExcerpt(field: string, firstParagraph: string, title: string): string {
  if (!field) return firstParagraph
  const teaser = field.endsWith('...') || field.endsWith('…') ? trimCharacters(field, /[.…\s]/, 'end') : ''
  // A teaser that was only a picture and a note mark says nothing.
  if (teaser === '' && /^[.…\s]*$/.test(field)) return firstParagraph
  if (!firstParagraph) return field
  const said = looseText(teaser || field)
  // The title again ("Google Season of Docs 2020-2021 Wrap-Up.", "DiffEqFlux.jl – … Equations...") says nothing more.
  if (said === looseText(title)) return firstParagraph
  // Words the body says in its first paragraph, its links written out as text ("JacobiDavidson.jl
  // (https://…)"), or cut from it ("the annual meeting of … community...."), say less than it.
  const words = looseText((teaser || field).replace(FLAT_LINK_ADDRESS, '').replace(CUT_LINK_ADDRESS, ''))
  const opening = looseText(firstParagraph)
  if (words && (teaser ? opening.includes(words) : opening.startsWith(words) && words !== said)) return firstParagraph
  return field
}

function readAuthor(fields: FrontmatterLookup): string | null {
  for (const value of fields.all(AUTHOR_KEYS)) {
    const names = readAuthorNames(value)
    if (names) return names
  }
  return null
}

function readPublishedAt(fields: FrontmatterLookup, mtime: Date, warnings: string[]): Date {
  const unreadable: string[] = []
  for (const key of DATE_KEYS) {
    const found = fields.first([key])
    // Jekyll's `published: false` is a status, not a date.
    if (!found || typeof found.value === 'boolean') continue
    const date = parseDateValue(found.value)
    if (date) return date
    unreadable.push(`'${found.key}' (${JSON.stringify(found.value)?.slice(0, 60)})`)
  }
  if (unreadable.length) {
    warnings.push(`date: could not read ${unreadable.join(', ')}; using the file's modification time`)
  }
  return mtime
}

const DRAFT_STATUSES = /^(draft|drafts|unpublished|private|hidden|wip)$/i
const PUBLISHED_STATUSES = /^(published|publish|public|live|active)$/i

function readStatus(fields: FrontmatterLookup, warnings: string[]): ParsedEssay['status'] {
  if (isTruthy(fields.first(['draft'])?.value)) return 'draft'
  const published = fields.first(['published'])?.value
  if (published === false || (typeof published === 'string' && isFalsy(published))) return 'draft'
  const status = fields.first(['status'])
  if (!status) return 'published'
  const value = collapseWhitespace(String(status.value))
  if (PUBLISHED_STATUSES.test(value)) return 'published'
  if (!DRAFT_STATUSES.test(value)) {
    // Publishing what the author marked with a status we do not know could expose unfinished
    // work; keeping it as a draft is the reversible choice.
    warnings.push(`status: '${value.slice(0, 40)}' is neither draft nor published; imported as a draft`)
  }
  return 'draft'
}

function sameText(a: string, b: string): boolean {
  return collapseWhitespace(a).toLowerCase() === collapseWhitespace(b).toLowerCase()
}

function validDate(value: unknown): Date | null {
  return value instanceof Date && !Number.isNaN(value.getTime()) ? value : null
}
