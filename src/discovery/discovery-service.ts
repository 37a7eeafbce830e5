import type { AiProvider } from '../ai/provider.js'
import { isAdmin, requireAdmin, type Viewer } from '../core/viewer.js'
import type { PostsService } from '../posts/posts-service.js'
import type {
  ArgumentStrength,
  ConceptEvolution,
  CrossReference,
  RelatedPost,
  SmartSidebar,
  UserInsights,
} from '../shared/schemas/discovery.js'
import type { Store } from '../store/index.js'
import type { TrackingService } from '../tracking/tracking-service.js'
import { DiscoveryCorpus, type Scope } from './corpus.js'
import { EmbeddingCache } from './embeddings.js'
import { relatedTo, toRelatedPost } from './related-posts.js'
import type { Snapshot } from './snapshot.js'
import { smartSidebar } from './smart-sidebar.js'
import { argumentStrength } from './argument-strength.js'
import { crossReferences } from './cross-references.js'
import { conceptEvolution } from './concept-evolution.js'
import { userInsights } from './user-insights.js'

export interface DiscoveryServiceDeps {
  store: Store
  posts: PostsService
  /** The reading events, for user insights (lazy: the blog builds it beside this service). */
  tracking: () => TrackingService
  /** The configured AI provider, if any can be made; its `embed` refines similarity. */
  provider?: () => AiProvider | null
  log?: (message: string) => void
}

/**
 * Related posts, the smart sidebar and the owner's essay analytics, computed from the site's
 * own essays. Results are kept until a post changes (snapshots per viewer scope).
 */
export class DiscoveryService {
  readonly corpus: DiscoveryCorpus
  private readonly embeddings: EmbeddingCache

  constructor(private readonly deps: DiscoveryServiceDeps) {
    this.corpus = new DiscoveryCorpus(deps.store)
    this.embeddings = new EmbeddingCache(deps.provider ?? (() => null), deps.log ?? (() => {}))
  }

  /** GET /api/posts/{id}/related: never the post itself; drafts only for admins. */
  async related(viewer: Viewer, postId: number, limit = 5): Promise<RelatedPost[]> {
    const snap = await this.snapshotFor(viewer, postId)
    const embedding = await this.embeddings.lookup(snap)
    return relatedTo(snap, postId, embedding).slice(0, limit).map(toRelatedPost)
  }

  /** GET /api/posts/{id}/smart-sidebar: kept per snapshot, so until a post changes. */
  async smartSidebar(viewer: Viewer, postId: number): Promise<SmartSidebar> {
    const snap = await this.snapshotFor(viewer, postId)
    const embedding = await this.embeddings.lookup(snap)
    const key = `sidebar:${postId}:${embedding ? 'e' : 'l'}`
    let sidebar = snap.memo.get(key) as SmartSidebar | undefined
    if (!sidebar) {
      const self = snap.byId.get(postId)
      sidebar = self
        ? smartSidebar(snap, self, relatedTo(snap, postId, embedding))
        : { continueReading: [], conceptConnections: [], readingPaths: [], thematicCollections: [] }
      snap.memo.set(key, sidebar)
    }
    return sidebar
  }

  /** GET /api/posts/{id}/argument-strength (admin). */
  async argumentStrength(viewer: Viewer, postId: number): Promise<ArgumentStrength> {
    const snap = await this.adminSnapshot(viewer, postId)
    return memo(snap, `strength:${postId}`, () => argumentStrength(snap, snap.byId.get(postId)!))
  }

  /** GET /api/posts/{id}/cross-references (admin). */
  async crossReferences(viewer: Viewer, postId: number): Promise<CrossReference[]> {
    const snap = await this.adminSnapshot(viewer, postId)
    const embedding = await this.embeddings.lookup(snap)
    return memo(snap, `xref:${postId}`, () =>
      crossReferences(snap, snap.byId.get(postId)!, relatedTo(snap, postId, embedding)),
    )
  }

  /** GET /api/concepts/evolution (admin): over every essay, drafts included. */
  async conceptEvolution(viewer: Viewer): Promise<ConceptEvolution> {
    const snap = await this.adminSnapshot(viewer)
    return memo(snap, 'evolution', () => conceptEvolution(snap))
  }

  /** GET /api/user/insights (admin): the site's readers in aggregate, from the stored events. */
  async userInsights(viewer: Viewer): Promise<UserInsights> {
    const snap = await this.adminSnapshot(viewer)
    return userInsights(await this.deps.tracking().events(), snap)
  }

  /** The viewer's snapshot, after checking the post exists for them (404 otherwise). */
  protected async snapshotFor(viewer: Viewer, postId: number): Promise<Snapshot> {
    this.deps.posts.visibleMeta(postId, viewer)
    return this.corpus.snapshot(scopeOf(viewer))
  }

  protected async adminSnapshot(viewer: Viewer, postId?: number): Promise<Snapshot> {
    requireAdmin(viewer)
    if (postId !== undefined) this.deps.posts.visibleMeta(postId, viewer)
    return this.corpus.snapshot('all')
  }
}

function memo<T>(snap: Snapshot, key: string, make: () => T): T {
  if (!snap.memo.has(key)) snap.memo.set(key, make())
  return snap.memo.get(key) as T
}

const scopeOf = (viewer: Viewer): Scope => (isAdmin(viewer) ? 'all' : 'published')
