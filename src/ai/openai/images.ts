import type OpenAI from 'openai'
import type { ImageGenerateParamsNonStreaming } from 'openai/resources/images'
import type { GeneratedImage, ImageRequest } from '../provider.js'
import { assertPng, pngComplete } from '../../images/png.js'
import { coverPng } from '../../images/rasterise.js'

type ImageModel = ImageRequest['options']['model']

/** The sizes each model can make; the closest in shape to what the site shows is asked for. */
const SIZES: Record<ImageModel, Record<ImageRequest['kind'], string>> = {
  'dall-e-3': { banner: '1792x1024', content: '1024x1024' },
  'gpt-image-1': { banner: '1536x1024', content: '1536x1024' },
  'dall-e-2': { banner: '1024x1024', content: '1024x1024' },
}
const PROMPT_LIMIT: Record<ImageModel, number> = { 'dall-e-3': 4_000, 'gpt-image-1': 32_000, 'dall-e-2': 1_000 }
/** Image models are slow; a text client's shorter timeout must not cut them off. */
const TIMEOUT_MS = 180_000

/**
 * An image from the OpenAI images API (or a compatible server), as a PNG of exactly the
 * requested size. The provider's picture is scaled to cover and centre-cropped: the banner
 * is also the 1200×630 social image, so every banner must have that shape whatever the
 * model made. Quality and style are sent only to dall-e-3 (SPEC §5); the custom prompt only
 * when it is switched on and not empty.
 */
export async function generateOpenAiImage(client: OpenAI, request: ImageRequest): Promise<GeneratedImage> {
  const { options } = request
  const model = options.model
  const prompt = promptFor(request).slice(0, PROMPT_LIMIT[model])
  const params: ImageGenerateParamsNonStreaming = { model, prompt, n: 1, size: SIZES[model][request.kind] }
  if (model === 'dall-e-3') Object.assign(params, { quality: options.quality, style: options.style })
  // The GPT image models always answer in base64 and refuse response_format.
  if (model === 'gpt-image-1') params.output_format = 'png'
  else params.response_format = 'b64_json'

  let response: OpenAI.ImagesResponse
  try {
    response = await client.images.generate(params, { timeout: TIMEOUT_MS })
  } catch (e) {
    throw new Error(
      `The image service refused the ${request.kind} image for "${request.post.title}": ${describeApiError(e)}`,
      { cause: e },
    )
  }
  const source = await imageBytes(response)
  const mime = sniff(source)
  if (!mime) throw new Error(`The image service answered with something that is not an image (${source.length} bytes).`)
  if (mime === 'image/png' && !pngComplete(source)) throw new Error('The image service answered with a damaged PNG.')
  let png: Uint8Array
  try {
    png = await coverPng(source, mime, request.width, request.height)
  } catch (e) {
    throw new Error(`The image from the service could not be decoded: ${e instanceof Error ? e.message : String(e)}`, {
      cause: e,
    })
  }
  assertPng(png, request.width, request.height, 'The resized image')
  return { png, width: request.width, height: request.height, model, prompt }
}

/** The owner's prompt when they switched it on; otherwise one built from the essay. */
export function promptFor(request: ImageRequest): string {
  const custom = request.options.customPrompt.trim()
  if (request.options.useCustomPrompt && custom) return custom
  const { post, concepts } = request
  const themes = [...new Set([...concepts, ...post.tags])].slice(0, 8)
  const about = post.excerpt.trim() ? ` It is about: ${post.excerpt.trim().slice(0, 400)}` : ''
  const focus =
    request.kind === 'banner'
      ? 'A wide banner with a calm, uncluttered composition and generous quiet space.'
      : `A figure for the body of the essay, evoking ${themes[(request.index ?? 0) % Math.max(1, themes.length)] ?? 'its central idea'}.`
  return [
    `An editorial illustration for a long-form academic essay titled "${post.title}".${about}`,
    themes.length ? `Themes: ${themes.join(', ')}.` : '',
    focus,
    'Style: refined and contemplative, muted natural colours, subtle geometric and scientific motifs, like a plate from a fine scholarly book.',
    'No text, letters, numbers, captions or watermarks.',
  ]
    .filter(Boolean)
    .join(' ')
}

async function imageBytes(response: OpenAI.ImagesResponse): Promise<Uint8Array> {
  const first = response?.data?.[0]
  if (first?.b64_json) {
    const bytes = Buffer.from(first.b64_json, 'base64')
    if (bytes.length === 0) throw new Error('The image service answered with an empty image.')
    return bytes
  }
  // Some compatible servers answer with an address even when base64 was asked for.
  if (first?.url && /^https?:\/\//.test(first.url)) {
    const res = await fetch(first.url, { signal: AbortSignal.timeout(60_000) })
    if (!res.ok) throw new Error(`The generated image could not be downloaded (${res.status}).`)
    return new Uint8Array(await res.arrayBuffer())
  }
  throw new Error('The image service answered without an image.')
}

function sniff(bytes: Uint8Array): 'image/png' | 'image/jpeg' | 'image/webp' | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to))
  if (bytes[0] === 0x89 && ascii(1, 4) === 'PNG') return 'image/png'
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg'
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp'
  return null
}

function describeApiError(e: unknown): string {
  const status = (e as { status?: number }).status
  const message = e instanceof Error ? e.message : String(e)
  return status ? `${status} ${message.replace(/^\d{3}\s*/, '')}` : message
}
