import type { ImageModel, ImageScope, RegenerateImagesRequest } from '../../api/admin.js'

/** What the regeneration dialog holds (SPEC §3 image regeneration options, plus the scope). */
export interface RegenerationForm {
  scope: ImageScope
  model: ImageModel
  quality: 'hd' | 'standard'
  style: 'natural' | 'vivid'
  useCustomPrompt: boolean
  customPrompt: string
}

/** SPEC §9: scope both, model dall-e-3, quality hd, style natural; no custom prompt. */
export const DEFAULT_REGENERATION: RegenerationForm = {
  scope: 'both',
  model: 'dall-e-3',
  quality: 'hd',
  style: 'natural',
  useCustomPrompt: false,
  customPrompt: '',
}

export const IMAGE_SCOPES: { value: ImageScope; label: string }[] = [
  { value: 'both', label: 'Both' },
  { value: 'banner', label: 'Banner' },
  { value: 'content', label: 'Content' },
]

export const IMAGE_MODELS: { value: ImageModel; label: string; note: string }[] = [
  { value: 'dall-e-3', label: 'DALL·E 3', note: 'Best detail; quality and style apply' },
  { value: 'dall-e-2', label: 'DALL·E 2', note: 'Faster and cheaper' },
  { value: 'gpt-image-1', label: 'GPT Image 1', note: 'Follows long prompts closely' },
]

export const IMAGE_QUALITIES = [
  { value: 'hd', label: 'HD' },
  { value: 'standard', label: 'Standard' },
] as const

export const IMAGE_STYLES = [
  { value: 'natural', label: 'Natural' },
  { value: 'vivid', label: 'Vivid' },
] as const

/** SPEC §5: quality and style are choices only for dall-e-3. */
export function hasQualityAndStyle(model: ImageModel): boolean {
  return model === 'dall-e-3'
}

/** SPEC §5: Start is disabled while a request runs, or while the custom prompt is on and blank. */
export function canStartRegeneration(form: RegenerationForm, pending: boolean): boolean {
  return !pending && !(form.useCustomPrompt && form.customPrompt.trim() === '')
}

/**
 * The call's body (SPEC §5/§7): quality and style as chosen for dall-e-3, standard and
 * natural for the other models; the custom prompt, trimmed, only when switched on.
 */
export function regenerationRequest(form: RegenerationForm): RegenerateImagesRequest {
  const chosen = hasQualityAndStyle(form.model)
  const imageOptions: RegenerateImagesRequest['imageOptions'] = {
    model: form.model,
    quality: chosen ? form.quality : 'standard',
    style: chosen ? form.style : 'natural',
    useCustomPrompt: form.useCustomPrompt,
  }
  if (form.useCustomPrompt) imageOptions.customPrompt = form.customPrompt.trim()
  return { imageType: form.scope, imageOptions }
}

const SCOPE_WORDS: Record<ImageScope, string> = {
  both: 'all images',
  banner: 'banner images',
  content: 'content images',
}

/**
 * SPEC §8 'Images Regenerating': 'Started regenerating all images (or banner/content images)
 * for "{title}"', or '… for N posts'.
 */
export function regenerationStartedText(scope: ImageScope, target: { title: string } | { count: number }): string {
  const what = SCOPE_WORDS[scope]
  if ('title' in target) return `Started regenerating ${what} for "${target.title}"`
  return `Started regenerating ${what} for ${target.count} ${target.count === 1 ? 'post' : 'posts'}`
}
