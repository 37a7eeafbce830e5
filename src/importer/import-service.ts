import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { relative as relativePath, sep } from 'node:path'
import type { Store, Transaction } from '../store/index.js'
import type { PostBody, PostMeta } from '../shared/schemas/index.js'
import type { BlogConfig } from '../core/config.js'
import type { BlogEventBus, ImportFileStatus } from '../core/events.js'
import { documentOfRender, RENDER_VERSION, type RenderResult } from '../markdown/types.js'
import { figuresUnchanged, type FigureStamp } from './assets/figure-stamp.js'
import { findEssayFiles } from './files/find-essay-files.js'
import { withBookContents } from './files/book-contents.js'
import { writeUploadFolder } from './files/upload-folder.js'
import { readEssayFile, type ReadEssayResult } from './files/read-essay-file.js'
import { withFrozenResults } from './files/quarto-freeze.js'
import { SourceFingerprints } from './files/source-fingerprints.js'
import { isUploadKey, readUpload, uploadKeys, type Upload } from './files/uploads.js'
import type { EssayInput, ParsedEssay } from './parse/index.js'
import { prepareMany } from './prepare-many.js'
import { openEssay } from './packed-essay.js'
import { slugFromFileName, uniqueSlug } from '../shared/slug.js'
import { readTimeFor } from '../shared/read-time.js'
import { addUnresolvedReferenceWarnings } from '../xref/import-warnings.js'
import { resolveExcerptReferences } from './excerpt-references.js'
import { eachLimited } from '../core/each-limited.js'
import { readPostCitation } from '../shared/schemas/citation.js'

/** Essay files read at once by an import. */
const FILES_READ_AT_ONCE = 16

export interface ImportFileResult {
  path: string
  status: ImportFileStatus
  slug: string | null
  error: string | null
  /** What the reading of the essay could not resolve (missing figure, unknown citation, …): it imported anyway. */
  warnings: string[]
}

export interface ImportSummary {
  imported: number
  updated: number
  unchanged: number
  failed: number
}

/** The shape `blog import --json` prints (DECISIONS.md). */
export interface ImportReport {
  files: ImportFileResult[]
  summary: ImportSummary
}

/** A file that was read and needs (re)publishing. */
interface Pending {
  path: string
  hash: string
  parsed: ParsedEssay
  rendered: RenderResult
  figures?: FigureStamp
  /** Same text as stored, but its figures changed on disk (or an upload moved in its folder): update anyway. */
  figuresChanged: boolean
  /** An upload's path inside the folder it came in (see xrefSourcePath). */
  relative?: string
}

/**
 * `blog import`, the watcher and (later) uploads: markdown files in, posts out. Idempotent: the
 * source hash (which includes the renderer's version) decides unchanged vs updated. Files are
 * read, parsed and rendered outside the store lock; all changes are one locked write.
 */
export class ImportService {
  constructor(
    private readonly store: Store,
    private readonly config: BlogConfig,
    private readonly events: BlogEventBus,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async importPaths(paths: string[]): Promise<ImportReport> {
    const [
      { files, missing, roots, contents, chapters, chapterNames, bookWarnings, plainNumbers, parts },
      fingerprints,
    ] = await Promise.all([findEssayFiles(paths), SourceFingerprints.open(this.store.dataDir, RENDER_VERSION)])
    const gone = new Set(missing)
    const report = await this.importSources(
      [...missing, ...files],
      (path) =>
        gone.has(path)
          ? Promise.resolve({ ok: false, error: 'No such file or folder' })
          : readEssayFile(path)
              .then((read) => withFrozenResults(read, path, roots.get(path)))
              .then((read) =>
                read.ok && contents.has(path)
                  ? { ...read, text: withBookContents(read.text, path, contents.get(path)!) }
                  : read,
              ),
      (path) => roots.get(path),
      undefined,
      fingerprints,
      (path) =>
        bookPlace(contents.get(path), chapters.get(path), parts.get(path), {
          chapterName: chapterNames.get(path),
          warnings: bookWarnings.get(path),
          plainNumbers: plainNumbers.has(path),
        }),
    )
    const sources = sourceIndex(this.store.posts())
    await fingerprints.save((path) => sources.has(path))
    return report
  }

  /**
   * Files sent through the web (POST /api/upload). A file's name is the key that lets a
   * re-upload update its post (`upload:NAME`). The batch, with the figures and `.bib` files
   * that came along (`supporting`), is written to a temp folder at the relative paths the
   * browser gave (cleaned: see writeUploadFolder) and imported from there as `blog import`
   * would, so essays find their figures; the folder is removed afterwards. Each essay is checked
   * on its own, and the good ones are imported even when others are refused.
   */
  async importUploads(uploads: Upload[], supporting: Upload[] = []): Promise<ImportReport> {
    const keys = uploadKeys(uploads)
    const byKey = new Map(keys.map((k, i) => [k, uploads[i]]))
    const folder = await writeUploadFolder([...uploads, ...supporting])
    const fileOf = new Map(keys.map((k, i) => [k, folder.files[i]]))
    try {
      return await this.importSources(
        keys,
        async (key) => readUpload(byKey.get(key)!, this.now()),
        () => folder.root,
        (key) => fileOf.get(key) ?? key,
      )
    } finally {
      await folder.remove()
    }
  }

  /** The shared pipeline: read each source (in order), parse and render them in bulk on workers, write once. */
  private async importSources(
    order: string[],
    readSource: (key: string) => Promise<ReadEssayResult>,
    rootOf: (key: string) => string | undefined = () => undefined,
    /** The file an essay is read as (its folder is where its relative references start); the key itself for files on disk. */
    fileOf: (key: string) => string = (key) => key,
    /** For files on disk: what is known of them without reading them (see SourceFingerprints). */
    fingerprints?: SourceFingerprints,
    /** A file's place in its book (see bookPlace), which its post shows besides its text. */
    placeOf: (key: string) => BookPlace | undefined = () => undefined,
  ): Promise<ImportReport> {
    const results = new Map<string, ImportFileResult>()
    this.events.emit('import:start', { total: order.length })
    let done = 0
    const report = (r: ImportFileResult) => {
      results.set(r.path, r)
      this.events.emit('import:file', { ...r, index: done++, total: order.length })
    }

    await this.store.refresh()
    const bySource = sourceIndex(this.store.posts())
    const read: Array<{ path: string; hash: string; essay: EssayInput; figuresChanged: boolean; relative?: string }> =
      []
    const options = {
      ownerName: this.config.ownerName,
      dataDir: this.store.dataDir,
      citationStyle: this.config.citationStyle,
    }
    // Read a few files at a time (an unchanged re-import is mostly waiting on the disk for each
    // in turn), then go through them in order. A file whose fingerprint says it holds the text
    // its post was made from is not read at all.
    const files = new Array<ReadEssayResult | 'unchanged'>(order.length)
    const printOf = new Array<string | null>(order.length).fill(null)
    const startedAt = this.now().getTime()
    await eachLimited([...order.keys()], FILES_READ_AT_ONCE, async (i) => {
      const path = order[i]
      // The file alone does not make its post: its place in the book (a toc's order, a chapter number) must be the same too.
      const place = placeOf(path)
      const own = fingerprints ? await SourceFingerprints.of(path, startedAt) : null
      const print = own && place ? `${own}|${place.key}` : own
      const known = print ? fingerprints?.hashOf(path, print) : undefined
      const existing = known === undefined ? undefined : bySource.get(path)
      if (existing && existing.source?.hash === known && figuresUnchanged(existing.source?.figures, rootOf(path))) {
        files[i] = 'unchanged'
        return
      }
      printOf[i] = print
      files[i] = await readSource(path)
    })
    for (const [i, path] of order.entries()) {
      const file = files[i]
      if (file === 'unchanged') {
        report({ path, status: 'unchanged', slug: bySource.get(path)!.slug, error: null, warnings: [] })
        continue
      }
      if (!file.ok) {
        report({ path, status: 'failed', slug: null, error: file.error, warnings: [] })
        continue
      }
      if (file.text.trim() === '') {
        report({
          path,
          status: 'failed',
          slug: null,
          error: 'File is empty: there is nothing to publish',
          warnings: [],
        })
        continue
      }
      const { chapter, chapterName, plainNumbers, part, warnings: bookNotes } = placeOf(path) ?? {}
      const hash = sourceHash(
        `${file.text}${chapter ? `\0chapter ${chapter}` : ''}${plainNumbers ? '\0plain numbers' : ''}${part ? `\0part ${part}` : ''}`,
      )
      const print = printOf[i]
      if (print) fingerprints?.remember(path, print, hash)
      const existing = bySource.get(path)
      const root = rootOf(path)
      const essay: EssayInput = {
        path: fileOf(path),
        text: file.text,
        mtime: file.mtime,
        ...(root ? { root } : {}),
        ...(file.embedded?.size ? { embedded: file.embedded } : {}),
        ...(chapter ? { chapter } : {}),
        ...(chapterName ? { chapterName } : {}),
        ...(plainNumbers ? { plainNumbers } : {}),
        ...(part ? { part } : {}),
        ...(bookNotes ? { bookWarnings: bookNotes } : {}),
      }
      const sameText = existing?.source?.hash === hash
      // A file re-uploaded on its own (no folder around it) keeps the place its folder gave it.
      const uploadedAt = isUploadKey(path) && root ? relativePath(root, essay.path).split(sep).join('/') : undefined
      const relative =
        uploadedAt && !uploadedAt.includes('/') && existing?.source?.relative ? existing.source.relative : uploadedAt
      // An upload that moved within its folder is an update: links between uploads follow the path.
      const samePlace = !relative || existing?.source?.relative === relative
      if (existing && sameText && samePlace && figuresUnchanged(existing.source?.figures, essay.root)) {
        report({ path, status: 'unchanged', slug: existing.slug, error: null, warnings: [] })
        continue
      }
      read.push({ path, hash, essay, figuresChanged: sameText, ...(relative ? { relative } : {}) })
    }

    const prepared = await prepareMany(read.map(({ essay }) => ({ essay, options })))
    const ready: Pending[] = []
    read.forEach(({ path, hash, figuresChanged, relative }, i) => {
      const outcome = prepared[i]
      if ('failed' in outcome) report({ path, status: 'failed', slug: null, error: outcome.failed, warnings: [] })
      else {
        // Unpacked only now that the workers are done, so the essays do not add to their peak.
        ready.push({ path, hash, figuresChanged, ...(relative ? { relative } : {}), ...openEssay(outcome) })
      }
    })

    if (ready.length) {
      // References to other posts in an excerpt, said as their pages say them (before storing: once)
      const excerpts = await resolveExcerptReferences(this.store, ready)
      for (const p of ready) {
        const excerpt = excerpts.get(p.path)
        if (excerpt !== undefined) p.parsed = { ...p.parsed, excerpt }
      }
      const outcomes = await this.store.transact(async (tx) => {
        const bySource = sourceIndex(tx.posts())
        const out: ImportFileResult[] = []
        for (const p of ready) out.push(await this.apply(tx, p, bySource))
        return out
      })
      const byPath = new Map(ready.map((p) => [p.path, p.rendered]))
      await addUnresolvedReferenceWarnings(
        this.store,
        outcomes,
        (path) => byPath.get(path)?.html,
        (path) => byPath.get(path)?.anchors,
      )
      outcomes.forEach(report)
    }

    const ordered = order.map((path) => results.get(path)!)
    const summary = summarise(ordered)
    this.events.emit('import:done', summary)
    return { files: ordered, summary }
  }

  /** Insert or update one post inside the import's transaction. */
  private async apply(tx: Transaction, p: Pending, bySource: Map<string, PostMeta>): Promise<ImportFileResult> {
    const rendered = p.rendered
    const now = new Date().toISOString()
    const existing = findExisting(tx, bySource, p)
    if (!p.figuresChanged && existing?.source?.hash === p.hash)
      return { path: p.path, status: 'unchanged', slug: existing.slug, error: null, warnings: [] }

    const fields = {
      title: p.parsed.title,
      excerpt: p.parsed.excerpt,
      metaDescription: p.parsed.metaDescription,
      author: p.parsed.author,
      tags: p.parsed.tags,
      readTime: readTimeFor(rendered.readingLength),
      wordCount: rendered.wordCount,
      publishedAt: p.parsed.publishedAt.toISOString(),
      status: p.parsed.status,
      featured: p.parsed.featured,
      source: {
        path: p.path,
        hash: p.hash,
        ...(p.figures ? { figures: p.figures } : {}),
        ...(p.relative ? { relative: p.relative } : {}),
        ...(p.parsed.addresses?.length ? { addresses: p.parsed.addresses } : {}),
        importedAt: now,
      },
      contentHash: p.hash,
    }
    const body: Omit<
      PostBody,
      | 'enhancedContent'
      | 'annotations'
      | 'annotatedContent'
      | 'summary'
      | 'bibliography'
      | 'bibliographyContent'
      | 'mathematicalModel'
      | 'provenance'
    > = {
      content: p.parsed.body,
      html: rendered.html,
      toc: rendered.toc,
      plainText: rendered.plainText,
      renderVersion: RENDER_VERSION,
      frontmatter: p.parsed.frontmatter,
      document: documentOfRender(rendered),
    }
    // A DOI, version or archive the page cannot cite is the import report's business (issue 40).
    const warnings = [...rendered.warnings.map((w) => w.message), ...readPostCitation(p.parsed.frontmatter).problems]
    const base = p.parsed.slug || slugFromFileName(p.path)
    if (existing) {
      // The slug is the post's address: it only moves when the essay asks for another one.
      const wanted = p.parsed.frontmatter.slug ? base : existing.slug
      const slug = wanted === existing.slug ? wanted : uniqueSlug(wanted, (s) => tx.postBySlug(s) !== null)
      await tx.update(existing.id, { ...fields, slug }, body)
      return { path: p.path, status: 'updated', slug, error: null, warnings }
    }
    const slug = uniqueSlug(base, (s) => tx.postBySlug(s) !== null)
    tx.insert(
      { ...fields, slug, createdAt: now, updatedAt: now, bannerImage: null, contentImages: [] },
      {
        ...body,
        enhancedContent: null,
        annotations: null,
        annotatedContent: null,
        summary: null,
        bibliography: null,
        bibliographyContent: null,
        mathematicalModel: null,
        provenance: {},
      },
    )
    return { path: p.path, status: 'imported', slug, error: null, warnings }
  }
}

function sourceIndex(posts: readonly PostMeta[]): Map<string, PostMeta> {
  const map = new Map<string, PostMeta>()
  for (const meta of posts) if (meta.source) map.set(meta.source.path, meta)
  return map
}

/**
 * The post a file updates: the one imported from the same path; else, for a file that was
 * moved or renamed, the post with its slug whose own source file is gone (DECISIONS.md:
 * "a changed one updates its post by slug"). Never another live file's post.
 */
function findExisting(tx: Transaction, bySource: Map<string, PostMeta>, p: Pending): PostMeta | null {
  const byPath = bySource.get(p.path)
  if (byPath) return tx.post(byPath.id)
  if (!p.parsed.slug) return null
  const bySlug = tx.postBySlug(p.parsed.slug)
  if (bySlug && (!bySlug.source || isUploadKey(bySlug.source.path) || !existsSync(bySlug.source.path))) return bySlug
  return null
}

/** Includes the renderer's version, so a new pipeline re-renders on the next import. */
function sourceHash(text: string): string {
  return createHash('sha256').update(`r${RENDER_VERSION}\0`).update(text).digest('hex').slice(0, 32)
}

function summarise(files: ImportFileResult[]): ImportSummary {
  const summary: ImportSummary = { imported: 0, updated: 0, unchanged: 0, failed: 0 }
  for (const f of files) summary[f.status] += 1
  return summary
}

/**
 * What a book says of one of its files beyond the file's text: the pages its table of contents
 * lists below it (a Jupyter Book's order), its chapter number (a bookdown book's) and the part
 * it is in (a Jupyter Book's caption). A change to any changes the post though the file is as
 * it was; `key` stands for all.
 */
export interface BookPlace {
  key: string
  chapter?: string
  /** What the chapter's heading shows before its title, where that is more than the number ("Chapter 2"). */
  chapterName?: string
  /** Its figures, equations and theorems are numbered without the chapter's number (Quarto's `crossref: chapters: false`). */
  plainNumbers?: true
  part?: string
  /** What its book's configuration said that was ignored (a bad `number_sections`). */
  warnings?: string[]
}

function bookPlace(
  listed: readonly string[] | undefined,
  chapter: string | undefined,
  part: string | undefined,
  { chapterName, warnings, plainNumbers }: { chapterName?: string; warnings?: string[]; plainNumbers?: boolean },
): BookPlace | undefined {
  if (!listed?.length && chapter === undefined && part === undefined && !warnings) return undefined
  // the rest only where there is some: the keys of books without them stay what they were
  const said = [
    listed ?? [],
    chapter ?? null,
    ...(part === undefined ? [] : [part]),
    ...(chapterName === undefined ? [] : [chapterName]),
    ...(warnings ?? []),
    ...(plainNumbers ? ['plain numbers'] : []),
  ]
  const key = createHash('sha256').update(JSON.stringify(said)).digest('hex').slice(0, 16)
  return {
    key,
    ...(chapter === undefined ? {} : { chapter }),
    ...(chapterName === undefined ? {} : { chapterName }),
    ...(plainNumbers ? { plainNumbers: true as const } : {}),
    ...(part === undefined ? {} : { part }),
    ...(warnings ? { warnings } : {}),
  }
}
