import type { Store } from '../store/index.js'
import type { AiProvider } from '../ai/provider.js'
import type { PostMeta, SearchQuery, SearchResult, SearchResultItem } from '../shared/schemas/index.js'
import { isAdmin, type Viewer } from '../core/viewer.js'
import { byPublishedDesc } from '../posts/post-views.js'
import { LiveIndex } from './live-index.js'
import { matchTypeOf, type SearchIndex } from './search-index.js'
import { SemanticSearch } from './semantic.js'
import { suggestionsFor } from './suggestions.js'
import { postFilter, relatedTags } from './filters.js'
import { searchTerms } from '../text/tokenize.js'
import { isShowableTerm } from '../text/tex-markup.js'

const DEFAULT_LIMIT = 50
/** Semantic matches shown after the literal ones: a few, so they widen rather than drown the results. */
const SEMANTIC_LIMIT = 5
/** The literal hits whose vocabulary stands for the query's topic. */
const SEEDS = 5

export interface SearchServiceOptions {
  store: Store
  /** The AI provider, when one is configured; its `embed`, if any, drives semantic matches. */
  provider?: () => AiProvider | null
  log?: (message: string) => void
}

/**
 * Search over every post (SPEC §7): ranked full text, filters, "did you mean", completion of
 * the word being typed, and semantic matches. Relevance: literal hits score in (0.5, 1],
 * relative to the best one; semantic matches score below 0.5 (half their similarity) and
 * follow the literal hits, so they are looked for only while those leave room on the page.
 */
export class SearchService {
  private readonly live: LiveIndex
  private readonly semantic: SemanticSearch

  constructor(private readonly opts: SearchServiceOptions) {
    this.live = new LiveIndex(opts.store, opts.log)
    this.semantic = new SemanticSearch(opts.store, opts.provider ?? (() => null), opts.log)
  }

  async advanced(query: SearchQuery, viewer: Viewer): Promise<SearchResult> {
    const started = performance.now()
    const index = await this.live.current()
    const pass = postFilter(query, viewer)
    const accept = (id: number) => {
      const meta = this.opts.store.post(id)
      return meta !== null && pass(meta)
    }
    const text = query.q.trim()
    const limit = query.limit ?? DEFAULT_LIMIT
    // Every match counts (totalCount, related tags); only the page's results are ranked and written out.
    let page: Found[]
    let totalCount: number
    let related: string[]
    let suggestions: string[] = []
    if (!text) {
      // Filters alone: every post they let through, newest first, all equally relevant.
      const matchType = query.tags.length ? 'tags' : 'content'
      const matched = this.opts.store.posts().filter(pass).sort(byPublishedDesc)
      page = matched.slice(0, limit).map((meta) => ({ meta, matchType, relevanceScore: 1, matchedTerms: query.tags }))
      totalCount = matched.length
      related = relatedTags(matched, query.tags)
    } else {
      const complete = /\s$/.test(query.q)
      // Status and read time the index checks itself; other filters read each match's metadata.
      const quick =
        query.author || query.tags.length || query.startDate || query.endDate
          ? undefined
          : { drafts: isAdmin(viewer), minReadTime: query.minReadTime, maxReadTime: query.maxReadTime }
      const matches = index.find(text, accept, { complete, top: Math.max(limit, SEEDS), quick })
      const { hits, rest } = matches
      const total = hits.length + rest.length
      suggestions = suggestionsFor(index.vectors, text, isAdmin(viewer), complete)
      // With no literal hit, the corrected query still says what the reader is after.
      const terms = searchTerms(total === 0 && suggestions[0] ? suggestions[0] : text)
      // Semantic matches come after every literal one: with a full page of those they would not be
      // shown. With room left, every literal hit is among `hits`.
      const literal = total >= limit ? null : new Set(hits.map((h) => h.id))
      const similar = literal
        ? await this.semantic.similar(index, {
            text,
            terms,
            seeds: hits.slice(0, SEEDS).map((h) => h.id),
            accept: (id) => !literal.has(id) && accept(id),
            limit: SEMANTIC_LIMIT,
          })
        : []
      const top = hits[0]?.score ?? 1
      // A post deleted while semantic matches were looked for is left out.
      const found: Found[] = []
      for (const h of hits) {
        const meta = this.opts.store.post(h.id)
        if (meta)
          found.push({
            meta,
            matchType: matchTypeOf(h),
            relevanceScore: round(0.5 + (0.5 * h.score) / top),
            matchedTerms: h.terms,
          })
      }
      for (const s of similar) {
        const meta = this.opts.store.post(s.id)
        if (meta)
          found.push({
            meta,
            matchType: 'semantic',
            relevanceScore: round(Math.min(0.5, s.score / 2)),
            // Words the post shares with the query's neighbourhood, not a formula's letters or markup.
            matchedTerms: s.terms.filter(isShowableTerm),
          })
      }
      page = found.slice(0, limit)
      totalCount = found.length + rest.length
      // Counted from the index's copy of the tags: the store's would cost a lookup per match.
      related = index.sharedTags(
        matches,
        similar.map((s) => s.id),
        query.tags,
      )
    }
    const results = page.map(resultOf)
    return {
      totalCount,
      query: text,
      searchTime: round(performance.now() - started, 2),
      suggestions,
      relatedTags: related,
      results,
    }
  }

  /** GET /api/posts?search=: the literal hits a viewer may see, best first (the same index and ranking). */
  async rank(query: string, viewer: Viewer): Promise<PostMeta[]> {
    const index: SearchIndex = await this.live.current()
    const admin = isAdmin(viewer)
    const accept = (id: number) => {
      const meta = this.opts.store.post(id)
      return meta !== null && (admin || meta.status === 'published')
    }
    return index.lexical(query, accept).map((h) => this.opts.store.post(h.id)!)
  }

  /** Build the index in the background now rather than at the first search (the serving process). */
  warm(): void {
    this.live.warm()
  }

  /** Resolves once the index holds every change announced so far (tests, the bench). */
  async ready(): Promise<void> {
    await this.live.current()
  }

  /** Stops following the store; resolves once no index work is under way (see LiveIndex.close). */
  close(): Promise<void> {
    return this.live.close()
  }
}

type Found = { meta: PostMeta } & Pick<SearchResultItem, 'matchType' | 'relevanceScore' | 'matchedTerms'>

/** A post's card and how it matched, as one literal (spreading two objects per result built slow dictionary objects). */
function resultOf({ meta, matchType, relevanceScore, matchedTerms }: Found): SearchResultItem {
  const { id, slug, title, author, readTime, publishedAt, excerpt, tags } = meta
  return { id, slug, title, author, readTime, publishedAt, excerpt, tags, matchType, relevanceScore, matchedTerms }
}

const round = (n: number, digits = 3) => Math.round(n * 10 ** digits) / 10 ** digits
