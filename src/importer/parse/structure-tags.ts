import { existsSync, readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { z } from 'zod'
import { readTags } from './tags.js'

/**
 * Where an essay stands in its book, as front matter names it: StatProofBook's `chapter`,
 * `section` and `topic` ("Statistical Models" › "Univariate normal data" › "Analysis of
 * variance"). Text values only: a number (`chapter: 3`) names no collection a reader browses.
 */
const PlaceSchema = z.looseObject({
  chapter: z.string().optional().catch(undefined),
  section: z.string().optional().catch(undefined),
  topic: z.string().optional().catch(undefined),
})

/** A d2l book's chapter folder (`chapter_linear-regression/`), under the book's root. */
const CHAPTER_FOLDER = /^chapter_(.+)$/

/**
 * Tags for an essay that has none, from the structure of the book it comes from, so a reader
 * can browse the book by its chapters: the front matter's chapter, section and topic, the
 * caption of the Jupyter Book part its table of contents puts it in, or the title of the d2l
 * chapter whose folder holds it. An essay with tags of its own keeps them only.
 */
export function structureTags(
  essay: { path: string; root?: string; part?: string },
  frontmatter: Record<string, unknown> | undefined,
): string[] {
  const place = PlaceSchema.safeParse(frontmatter ?? {})
  if (place.success) {
    const named = readTags([place.data.chapter, place.data.section, place.data.topic].filter(isText))
    if (named.length > 0) return named
  }
  if (isText(essay.part)) {
    // as a name, whole: a caption such as "Probability, Statistics" is one part, not two tags
    const part = readTags([{ name: essay.part }])
    if (part.length > 0) return part
  }
  if (!essay.root) return []
  // The book may sit below the folder imported (`corpus/d2l-en/chapter_x/…`): its nearest chapter folder.
  const folders = relative(essay.root, essay.path).split(sep).slice(0, -1)
  const at = folders.findLastIndex((f) => CHAPTER_FOLDER.test(f))
  if (at < 0) return []
  const chapter = CHAPTER_FOLDER.exec(folders[at])!
  const folder = folders.slice(0, at + 1).join(sep)
  return readTags([chapterTitle(join(essay.root, folder), chapter[1])])
}

const isText = (value: string | undefined): value is string => typeof value === 'string' && /\p{L}/u.test(value)

/** The chapter's own title (its `index.md` heading), else its folder's name in words. */
function chapterTitle(folder: string, name: string): string {
  // Read each time (4 kB): a renamed chapter retitles its essays on the next import.
  let title = name.replace(/[-_]+/g, ' ')
  const index = join(folder, 'index.md')
  if (existsSync(index)) {
    const heading = /^#[ \t]+(.+?)[ \t]*#*[ \t]*$/m.exec(readFileSync(index, 'utf8').slice(0, 4096))
    // d2l headings carry a label (`# Linear Neural Networks for Regression\n:label:`) on the next line only
    if (heading) title = heading[1].replace(/\s*\{[^}]*\}\s*$/, '')
  }
  return title
}
