import { Check, ChevronDown, ImageIcon, LoaderCircle, X } from 'lucide-react'
import { Dialog, RadioGroup, Select, Switch } from 'radix-ui'
import { useId, useState } from 'react'
import type { FormEvent } from 'react'
import type { RegenerationOutcome } from '../../api/admin.js'
import { useAiStatus } from '../../api/manage.js'
import type { AiStatus } from '../../../src/shared/schemas/manage.js'
import {
  DEFAULT_REGENERATION,
  IMAGE_MODELS,
  IMAGE_QUALITIES,
  IMAGE_SCOPES,
  IMAGE_STYLES,
  canStartRegeneration,
  hasQualityAndStyle,
} from './image-options.js'
import type { RegenerationForm } from './image-options.js'
import { useImageRegeneration } from './use-image-regeneration.js'
import type { RegenerationContext, RegenerationTarget } from './use-image-regeneration.js'
import { useReturnFocus } from '../../hooks/use-return-focus.js'

export interface RegenerateImagesDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The post (or, in bulk, the posts) whose images are made again. */
  targets: readonly RegenerationTarget[]
  context: RegenerationContext
  /** After the calls: at least one started (the dialog then closes). */
  onStarted?: (outcome: RegenerationOutcome) => void
}

/**
 * SPEC §2/§5 Image regeneration dialog: scope, model, quality and style (for dall-e-3 only),
 * and an optional custom prompt. Start reads 'Starting...' with a spinner while the calls run.
 */
export function RegenerateImagesDialog({
  open,
  onOpenChange,
  targets,
  context,
  onStarted,
}: RegenerateImagesDialogProps) {
  const returnFocus = useReturnFocus(open)
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay admin-overlay" />
        <Dialog.Content className="dialog regen-dialog" onCloseAutoFocus={returnFocus}>
          {/* mounted per opening: every opening starts from SPEC §9's defaults */}
          <RegenerationFormBody
            targets={targets}
            context={context}
            onClose={() => onOpenChange(false)}
            onStarted={onStarted}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

function subject(targets: readonly RegenerationTarget[], context: RegenerationContext): string {
  if (context === 'bulk') return `${targets.length} selected ${targets.length === 1 ? 'post' : 'posts'}`
  return targets[0] ? `“${targets[0].title}”` : ''
}

function RegenerationFormBody({
  targets,
  context,
  onClose,
  onStarted,
}: {
  targets: readonly RegenerationTarget[]
  context: RegenerationContext
  onClose: () => void
  onStarted?: (outcome: RegenerationOutcome) => void
}) {
  const [form, setForm] = useState<RegenerationForm>(DEFAULT_REGENERATION)
  const { start, pending } = useImageRegeneration()
  const id = useId()
  const set = <K extends keyof RegenerationForm>(key: K, value: RegenerationForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }))
  const advanced = hasQualityAndStyle(form.model)
  const promptMissing = form.useCustomPrompt && form.customPrompt.trim() === ''
  const ready = canStartRegeneration(form, pending) && targets.length > 0
  const { data: ai } = useAiStatus()
  const providerNote = ai ? imageProviderNote(ai) : null

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (!ready) return
    const outcome = await start(targets, form, context)
    if (outcome && outcome.succeeded.length > 0) {
      onStarted?.(outcome)
      onClose()
    }
  }

  return (
    <form onSubmit={(e) => void onSubmit(e)} className="regen-form" aria-busy={pending || undefined}>
      <header className="dialog__header">
        <Dialog.Title className="dialog__title regen-dialog__title">
          <ImageIcon size={20} aria-hidden="true" />
          Regenerate Images
        </Dialog.Title>
        <Dialog.Description className="dialog__subtitle">
          New artwork for {subject(targets, context)}. It is made in the background; follow it in the job tracker.
        </Dialog.Description>
      </header>

      <div className="regen-form__group">
        <span className="regen-form__legend" id={`${id}-scope`}>
          Images to make
        </span>
        <Segmented
          labelledBy={`${id}-scope`}
          value={form.scope}
          options={IMAGE_SCOPES}
          onChange={(v) => set('scope', v)}
        />
      </div>

      {providerNote && (
        <p
          id={`${id}-provider`}
          className={`regen-form__provider regen-form__provider--${ai?.images ?? 'local'}`}
          role="note"
        >
          {providerNote}
        </p>
      )}

      <div className={`regen-form__group${ai && !ai.imageOptionsApply ? ' regen-form__group--inert' : ''}`}>
        <label className="regen-form__legend" htmlFor={`${id}-model`}>
          Model
        </label>
        <Select.Root value={form.model} onValueChange={(v) => set('model', v as RegenerationForm['model'])}>
          <Select.Trigger
            id={`${id}-model`}
            className="select-trigger"
            aria-describedby={providerNote ? `${id}-provider ${id}-model-note` : `${id}-model-note`}
          >
            <Select.Value />
            <Select.Icon className="select-trigger__icon">
              <ChevronDown size={16} aria-hidden="true" />
            </Select.Icon>
          </Select.Trigger>
          <Select.Portal>
            <Select.Content className="select-content" position="popper" sideOffset={4}>
              <Select.Viewport>
                {IMAGE_MODELS.map((m) => (
                  <Select.Item key={m.value} value={m.value} className="select-item">
                    <Select.ItemText>{m.label}</Select.ItemText>
                    <span className="select-item__note">{m.note}</span>
                    <Select.ItemIndicator className="select-item__check">
                      <Check size={15} aria-hidden="true" />
                    </Select.ItemIndicator>
                  </Select.Item>
                ))}
              </Select.Viewport>
            </Select.Content>
          </Select.Portal>
        </Select.Root>
        <p id={`${id}-model-note`} className="field__hint">
          {advanced
            ? 'Quality and style below apply to DALL·E 3.'
            : 'This model uses standard quality and a natural style.'}
        </p>
      </div>

      {advanced && (
        <div className={`regen-form__row${ai && !ai.imageOptionsApply ? ' regen-form__group--inert' : ''}`}>
          <div className="regen-form__group">
            <span className="regen-form__legend" id={`${id}-quality`}>
              Quality
            </span>
            <Segmented
              labelledBy={`${id}-quality`}
              value={form.quality}
              options={IMAGE_QUALITIES}
              onChange={(v) => set('quality', v)}
            />
          </div>
          <div className="regen-form__group">
            <span className="regen-form__legend" id={`${id}-style`}>
              Style
            </span>
            <Segmented
              labelledBy={`${id}-style`}
              value={form.style}
              options={IMAGE_STYLES}
              onChange={(v) => set('style', v)}
            />
          </div>
        </div>
      )}

      <div className="regen-form__group">
        <div className="switch-row">
          <label className="switch-row__label" htmlFor={`${id}-custom`}>
            Use a custom prompt
          </label>
          <Switch.Root
            id={`${id}-custom`}
            className="switch"
            checked={form.useCustomPrompt}
            onCheckedChange={(v) => set('useCustomPrompt', v)}
          >
            <Switch.Thumb className="switch__thumb" />
          </Switch.Root>
        </div>
        {form.useCustomPrompt && (
          <div className="field">
            <label className="field__label" htmlFor={`${id}-prompt`}>
              Custom prompt
            </label>
            <textarea
              id={`${id}-prompt`}
              className="input textarea field__input"
              rows={3}
              maxLength={4000}
              value={form.customPrompt}
              placeholder="An engraving of a bell curve over a quiet harbour, muted blues"
              aria-describedby={`${id}-prompt-hint`}
              aria-invalid={promptMissing || undefined}
              onChange={(e) => set('customPrompt', e.target.value)}
              // the field the switch just revealed
              autoFocus
            />
            <p id={`${id}-prompt-hint`} className="field__hint">
              {promptMissing
                ? 'Write a prompt to start, or switch the custom prompt off.'
                : 'Used instead of the prompt Scholia writes from the essay.'}
            </p>
          </div>
        )}
      </div>

      <div className="dialog__actions">
        <Dialog.Close asChild>
          <button type="button" className="button button--quiet">
            Cancel
          </button>
        </Dialog.Close>
        <button type="submit" className="button button--primary" disabled={!ready}>
          {pending ? (
            <>
              <LoaderCircle size={16} aria-hidden="true" className="spin" />
              Starting...
            </>
          ) : (
            'Start Regeneration'
          )}
        </button>
      </div>
      <Dialog.Close className="icon-button dialog__close" aria-label="Close">
        <X size={20} aria-hidden="true" />
      </Dialog.Close>
    </form>
  )
}

/**
 * What the server's settings mean for these choices (issue 23.11): without OPENAI_API_KEY the
 * local artist draws, and the model, quality and style are not used. Nothing to say with openai.
 */
export function imageProviderNote(ai: AiStatus): string | null {
  if (ai.images === 'local') {
    return 'No OPENAI_API_KEY is set, so Scholia’s local artist draws these images from the essay’s title and ideas. The model, quality and style below are not used; set a key to use them.'
  }
  if (ai.images === 'unavailable')
    return 'BLOG_AI_PROVIDER is openai but no OPENAI_API_KEY is set: image jobs will fail until a key is set.'
  return null
}

/** A small radio group drawn as segmented buttons (arrow keys move between them). */
function Segmented<T extends string>({
  labelledBy,
  value,
  options,
  onChange,
}: {
  labelledBy: string
  value: T
  options: readonly { value: T; label: string }[]
  onChange: (value: T) => void
}) {
  return (
    <RadioGroup.Root
      className="segmented"
      value={value}
      onValueChange={(v) => onChange(v as T)}
      aria-labelledby={labelledBy}
      orientation="horizontal"
    >
      {options.map((o) => (
        <RadioGroup.Item key={o.value} value={o.value} className="segmented__item">
          {o.label}
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  )
}
