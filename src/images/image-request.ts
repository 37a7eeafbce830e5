import type { ImageOptions } from '../shared/schemas/index.js'

/**
 * What a picture is asked for and what comes back, whoever draws it: the local artwork here in
 * src/images or a provider (ai/provider.ts re-exports both as part of its port).
 */
export interface ImageRequest {
  kind: 'banner' | 'content'
  post: { id: number; slug: string; title: string; tags: string[]; excerpt: string }
  /** Key terms of the essay, for the artwork or the prompt. */
  concepts: string[]
  options: ImageOptions
  /** banner 1200×630 (also the social image); content images 1024×768. */
  width: number
  height: number
  /** Which of several content images (0-based); part of the deterministic seed. */
  index?: number
}

export interface GeneratedImage {
  png: Uint8Array
  width: number
  height: number
  model: string
  /** The prompt sent, or a description of the local artwork. */
  prompt: string
}
