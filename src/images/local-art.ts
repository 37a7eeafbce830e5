import type { GeneratedImage, ImageRequest } from './image-request.js'
import { composeArtwork } from './compose.js'
import { assertPng } from './png.js'

/** Part of every card's key: a new version draws every social card again (v2: concept lists cut at whole concepts). */
export const LOCAL_ART_MODEL = 'scholia-local-art-v2'

/**
 * The local provider's images: deterministic artwork from the title, tags and concepts
 * (seeded by slug, kind and index), rasterised to PNG with the bundled font. Offline, and
 * the same request always gives the same bytes.
 */
export async function drawLocalImage(request: ImageRequest): Promise<GeneratedImage> {
  const { svg, description } = artworkOf(request)
  // resvg (a native module) is loaded by the first drawing, not by every `blog` command.
  const { rasterise } = await import('./rasterise.js')
  const png = await rasterise(svg)
  assertPng(png, request.width, request.height, 'The local artwork')
  return { png, width: request.width, height: request.height, model: LOCAL_ART_MODEL, prompt: description }
}

/**
 * A post's social card: the banner artwork of `request`, as a palette PNG (see rasterisePalette),
 * the one form it is kept, served and copied into a static build in.
 */
export async function drawLocalCard(request: ImageRequest): Promise<Uint8Array> {
  const { svg } = artworkOf(request)
  const { rasterisePalette } = await import('./rasterise.js')
  const png = await rasterisePalette(svg)
  assertPng(png, request.width, request.height, 'The social card')
  return png
}

function artworkOf(request: ImageRequest): ReturnType<typeof composeArtwork> {
  return composeArtwork({
    kind: request.kind,
    slug: request.post.slug,
    title: request.post.title,
    tags: request.post.tags,
    concepts: request.concepts,
    width: request.width,
    height: request.height,
    index: request.index ?? 0,
  })
}
