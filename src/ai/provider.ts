import type { Annotation, Bibliography, CslEntry, MathematicalModel, ReadingBlock } from '../shared/schemas/index.js'
import type { GeneratedImage, ImageRequest } from '../images/image-request.js'

// The picture half of the port is defined by images (which draws locally too), so images needs no ai.
export type { GeneratedImage, ImageRequest }

/**
 * The port every AI feature goes through (DESIGN.md: one interface, injected). `local` works
 * offline from the essays themselves; `openai` calls the API (or any compatible server).
 * Whatever a provider returns is validated with the shared zod schemas before it is stored.
 */
export interface AiProvider {
  readonly name: 'local' | 'openai'
  /** The text model that made a result, recorded beside it. */
  readonly textModel: string
  annotations(input: EssayInput): Promise<Annotation[]>
  bibliography(input: EssayInput): Promise<Bibliography>
  summary(input: EssayInput): Promise<string>
  mathematicalModel(input: EssayInput): Promise<MathematicalModel>
  image(request: ImageRequest): Promise<GeneratedImage>
  /** Vectors for similarity; a provider without embeddings leaves it out and the local index is used. */
  embed?(texts: string[]): Promise<number[][]>
}

/** One essay, as the enhancers see it, with the site around it (for TF-IDF and further reading). */
export interface EssayInput {
  post: { id: number; slug: string; title: string; tags: string[]; excerpt: string; author: string }
  /** The markdown body, frontmatter removed. */
  markdown: string
  /** The rendered text, as readers see it (no markup, formulas as TeX). */
  plainText: string
  frontmatter: Record<string, unknown>
  /**
   * The entries the essay cites from its author's own .bib files, in order of first citation
   * (CSL-JSON, `body.document.references`): a bibliography lists them first, unchanged.
   */
  references?: readonly CslEntry[]
  /**
   * The essay as the site read it when it was rendered (`body.document.reading`): what a
   * provider analyses instead of parsing the markdown again. Without it, it is made from `markdown`.
   */
  reading?: readonly ReadingBlock[]
  /**
   * The TeX definitions the essay writes in its prose (`body.document.macros`): the page
   * typesets its formulas with them, so an aid reads them the same way.
   */
  macros?: readonly string[]
  /**
   * Told how many parts of an answer were dropped because the essay does not bear them out
   * (or, with `reason`, why else: the guard's junk).
   */
  onDropped?: (what: string, count: number, reason?: string) => void
  site: SiteCorpus
}

/** The published essays a provider may compare against (never drafts a guest could not see). */
export interface SiteCorpus {
  posts: { id: number; slug: string; title: string; tags: string[]; plainText: string }[]
}

/** What every stored result records (DECISIONS.md). */
export interface Provenance {
  provider: 'local' | 'openai'
  model: string
  generatedAt: string
}
