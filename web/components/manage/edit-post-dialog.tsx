import { Check, CircleAlert, ImageIcon, ImageOff, LoaderCircle, Save, X } from 'lucide-react'
import { Checkbox, Dialog, Tabs } from 'radix-ui'
import { useId, useRef, useState } from 'react'
import type { FormEvent, ReactNode } from 'react'
import type { Post } from '../../../src/shared/schemas/index.js'
import { useUpdatePost } from '../../api/admin.js'
import { useReturnFocus } from '../../hooks/use-return-focus.js'
import { usePost } from '../../api/posts.js'
import { versionedImageUrl } from '../../lib/format.js'
import { RegenerateImagesDialog } from '../admin/regenerate-images-dialog.js'
import { FallibleImage } from '../ui/fallible-image.js'
import { RetryButton } from '../ui/retry-button.js'
import { useToast } from '../ui/toaster.js'
import { MarkdownPreview } from './markdown-preview.js'
import { draftFromPost, draftProblems, isDraftDirty, updateBody } from './post-draft.js'
import type { DraftProblems, PostDraft } from './post-draft.js'
import { confirmText } from './use-post-actions.js'

export interface EditPostDialogProps {
  open: boolean
  /** The post being edited (its slug loads the full post); kept while the dialog closes. */
  post: { id: number; slug: string; title: string } | null
  /** Changes with every opening, so each one starts from the post as it is then. */
  session: number
  onClose: () => void
}

const DISCARD = 'Discard your unsaved changes to this post?'

/**
 * SPEC §2 edit modal. The form keeps unsaved work safe: a click outside does not close it,
 * and Escape or Cancel with changes asks first.
 */
export function EditPostDialog({ open, post, session, onClose }: EditPostDialogProps) {
  const dirty = useRef(false)
  const returnFocus = useReturnFocus(open && post !== null)
  const done = () => {
    dirty.current = false
    onClose()
  }
  const close = () => {
    if (dirty.current && !window.confirm(DISCARD)) return
    done()
  }
  return (
    <Dialog.Root open={open && post !== null} onOpenChange={(next) => !next && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay admin-overlay" />
        <Dialog.Content
          className="dialog edit-dialog"
          onInteractOutside={(e) => e.preventDefault()}
          onCloseAutoFocus={returnFocus}
          onEscapeKeyDown={(e) => {
            if (dirty.current && !window.confirm(DISCARD)) e.preventDefault()
            else dirty.current = false
          }}
        >
          <header className="edit-dialog__header">
            <Dialog.Title className="dialog__title">Edit Post</Dialog.Title>
            <Dialog.Description className="dialog__subtitle">{post ? `“${post.title}”` : ''}</Dialog.Description>
            <Dialog.Close className="icon-button dialog__close" aria-label="Close">
              <X size={20} aria-hidden="true" />
            </Dialog.Close>
          </header>
          {post && (
            <EditPostLoader
              key={session}
              slug={post.slug}
              onDone={done}
              onCancel={close}
              onDirty={(d) => (dirty.current = d)}
            />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

function EditPostLoader({
  slug,
  onDone,
  onCancel,
  onDirty,
}: {
  slug: string
  onDone: () => void
  onCancel: () => void
  onDirty: (dirty: boolean) => void
}) {
  const { data, isPending, isError, refetch, isFetching } = usePost(slug)
  // the form starts from the post as first loaded; later refetches (polling, jobs) don't reset typing
  const [loaded, setLoaded] = useState<Post | null>(null)
  if (data && !loaded) setLoaded(data)
  if (loaded)
    return <EditPostForm post={loaded} latest={data ?? loaded} onDone={onDone} onCancel={onCancel} onDirty={onDirty} />
  if (isPending) {
    return (
      <div className="edit-dialog__body" aria-busy="true">
        <span className="sr-only" role="status">
          Loading the post…
        </span>
        {[60, 100, 100, 40].map((w, i) => (
          <span key={i} className="skeleton skeleton--title" style={{ width: `${w}%` }} />
        ))}
      </div>
    )
  }
  return (
    <div className="edit-dialog__body">
      <div className="editor-alert" role="alert">
        <CircleAlert size={18} aria-hidden="true" />
        {isError ? 'The post could not be loaded.' : 'This post no longer exists.'}
      </div>
      <div className="dialog__actions">
        <RetryButton onRetry={() => void refetch()} busy={isFetching} />
      </div>
    </div>
  )
}

function EditPostForm({
  post,
  latest,
  onDone,
  onCancel,
  onDirty,
}: {
  post: Post
  /** The post as the server has it now: its images change under the form (regeneration, clearing). */
  latest: Post
  onDone: () => void
  onCancel: () => void
  onDirty: (dirty: boolean) => void
}) {
  const id = useId()
  const [initial] = useState(() => draftFromPost(post))
  const [draft, setDraft] = useState<PostDraft>(initial)
  const [problems, setProblems] = useState<DraftProblems>({})
  const [tab, setTab] = useState<'edit' | 'preview'>('edit')
  const [regenerating, setRegenerating] = useState(false)
  const update = useUpdatePost()
  const clearImages = useUpdatePost()
  const { toast } = useToast()

  const set = <K extends keyof PostDraft>(key: K, value: PostDraft[K]) => {
    const next = { ...draft, [key]: value }
    setDraft(next)
    onDirty(isDraftDirty(next, initial))
    if (problems[key as keyof DraftProblems]) setProblems(draftProblems(next))
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    const found = draftProblems(draft)
    setProblems(found)
    if (Object.keys(found).length > 0) {
      if (found.content) setTab('edit')
      const first = (['title', 'content', 'publishedAt'] as const).find((k) => found[k])
      requestAnimationFrame(() => document.getElementById(`${id}-${first}`)?.focus())
      return
    }
    try {
      const saved = await update.mutateAsync({ id: post.id, body: updateBody(draft) })
      toast({ title: 'Post updated', description: `Your changes to "${saved.title}" were saved.` })
      onDone()
    } catch {
      toast({ title: 'Error', description: 'Failed to update post', variant: 'destructive' })
    }
  }

  async function onClearImages() {
    if (!window.confirm(confirmText.clearImages(post.title))) return
    try {
      await clearImages.mutateAsync({ id: post.id, body: { bannerImage: null, contentImages: [] } })
      toast({ title: 'Images cleared', description: `Removed the images of "${post.title}".` })
    } catch {
      toast({ title: 'Error', description: 'Failed to clear images', variant: 'destructive' })
    }
  }

  const imageCount = (latest.bannerImage ? 1 : 0) + latest.contentImages.length
  const field = (key: keyof DraftProblems, hinted = false) => ({
    id: `${id}-${key}`,
    'aria-invalid': problems[key] ? true : undefined,
    'aria-describedby': problems[key] ? `${id}-${key}-error` : hinted ? `${id}-${key}-hint` : undefined,
  })
  const hinted = (key: string) => ({ id: `${id}-${key}`, 'aria-describedby': `${id}-${key}-hint` })

  return (
    <form className="edit-form" onSubmit={(e) => void onSubmit(e)} noValidate>
      <div className="edit-dialog__body">
        <FormField label="Title" htmlFor={`${id}-title`} error={problems.title} errorId={`${id}-title-error`}>
          <input
            className="input field__input edit-form__title"
            value={draft.title}
            onChange={(e) => set('title', e.target.value)}
            {...field('title')}
          />
        </FormField>

        <div className="field">
          <span className="field__label" id={`${id}-content-label`}>
            Content
          </span>
          <Tabs.Root
            value={tab}
            onValueChange={(v) => setTab(v === 'preview' ? 'preview' : 'edit')}
            className="edit-tabs"
          >
            <Tabs.List className="edit-tabs__list" aria-labelledby={`${id}-content-label`}>
              <Tabs.Trigger value="edit" className="edit-tabs__trigger">
                Edit
              </Tabs.Trigger>
              <Tabs.Trigger value="preview" className="edit-tabs__trigger">
                Preview
              </Tabs.Trigger>
              <span className="edit-tabs__hint">Markdown, with LaTeX math</span>
            </Tabs.List>
            <Tabs.Content value="edit" className="edit-tabs__panel">
              <textarea
                className="input textarea field__input edit-form__content"
                value={draft.content}
                onChange={(e) => set('content', e.target.value)}
                spellCheck
                aria-labelledby={`${id}-content-label`}
                {...field('content')}
              />
            </Tabs.Content>
            <Tabs.Content value="preview" className="edit-tabs__panel">
              <MarkdownPreview content={draft.content} postId={post.id} />
            </Tabs.Content>
          </Tabs.Root>
          {problems.content && (
            <p id={`${id}-content-error`} className="field__error">
              {problems.content}
            </p>
          )}
        </div>

        <FormField label="Excerpt" htmlFor={`${id}-excerpt`} hint="Shown on the post's card and under its title.">
          <textarea
            {...hinted('excerpt')}
            className="input textarea field__input"
            rows={3}
            value={draft.excerpt}
            onChange={(e) => set('excerpt', e.target.value)}
          />
        </FormField>

        <FormField
          label="Meta description"
          htmlFor={`${id}-meta`}
          hint={`For search engines; about 155 characters reads best (${draft.metaDescription.trim().length} now).`}
        >
          <textarea
            {...hinted('meta')}
            className="input textarea field__input"
            rows={2}
            value={draft.metaDescription}
            onChange={(e) => set('metaDescription', e.target.value)}
          />
        </FormField>

        <div className="edit-form__pair">
          <FormField label="Tags" htmlFor={`${id}-tags`} hint="Separate tags with commas.">
            <input
              {...hinted('tags')}
              className="input field__input"
              value={draft.tags}
              onChange={(e) => set('tags', e.target.value)}
              placeholder="probability, analysis"
            />
          </FormField>
          <FormField label="Author" htmlFor={`${id}-author`}>
            <input
              id={`${id}-author`}
              className="input field__input"
              value={draft.author}
              onChange={(e) => set('author', e.target.value)}
              autoComplete="name"
            />
          </FormField>
        </div>

        <div className="edit-form__pair">
          <FormField
            label="Publish date"
            htmlFor={`${id}-publishedAt`}
            error={problems.publishedAt}
            errorId={`${id}-publishedAt-error`}
            hint="Your local time."
          >
            <input
              type="datetime-local"
              className="input field__input"
              value={draft.publishedAt}
              onChange={(e) => set('publishedAt', e.target.value)}
              {...field('publishedAt', true)}
            />
          </FormField>
          <div className="field edit-form__featured">
            <div className="checkbox-row">
              <Checkbox.Root
                id={`${id}-featured`}
                className="checkbox"
                checked={draft.featured}
                onCheckedChange={(v) => set('featured', v === true)}
              >
                <Checkbox.Indicator className="checkbox__indicator">
                  <Check size={14} strokeWidth={3} aria-hidden="true" />
                </Checkbox.Indicator>
              </Checkbox.Root>
              <label htmlFor={`${id}-featured`} className="checkbox-row__label">
                Featured
                <span className="checkbox-row__note">Shown full-width at the top of the home page.</span>
              </label>
            </div>
          </div>
        </div>

        <section className="edit-images" aria-labelledby={`${id}-images`}>
          <div className="edit-images__preview">
            {latest.bannerImage ? (
              <FallibleImage
                src={versionedImageUrl(latest.bannerImage, latest.updatedAt)}
                alt=""
                width={1200}
                height={630}
              />
            ) : (
              <ImageOff size={22} aria-hidden="true" />
            )}
          </div>
          <div className="edit-images__text">
            <h3 id={`${id}-images`} className="edit-images__title">
              Images
            </h3>
            <p className="edit-images__note">
              {imageCount === 0
                ? 'No images yet.'
                : `${latest.bannerImage ? 'A banner' : 'No banner'} and ${latest.contentImages.length} content ${latest.contentImages.length === 1 ? 'image' : 'images'}.`}
            </p>
          </div>
          <div className="edit-images__actions">
            <button type="button" className="button button--quiet button--small" onClick={() => setRegenerating(true)}>
              <ImageIcon size={15} aria-hidden="true" />
              Regenerate Images
            </button>
            <button
              type="button"
              className="button button--quiet button--small manage-row__action--danger"
              onClick={() => void onClearImages()}
              disabled={clearImages.isPending}
            >
              <ImageOff size={15} aria-hidden="true" />
              Clear All Images
            </button>
          </div>
        </section>
      </div>

      <footer className="edit-dialog__footer">
        <button type="button" className="button button--quiet" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={update.isPending}>
          {update.isPending ? (
            <LoaderCircle size={16} aria-hidden="true" className="spin" />
          ) : (
            <Save size={16} aria-hidden="true" />
          )}
          {update.isPending ? 'Saving...' : 'Save Changes'}
        </button>
      </footer>

      <RegenerateImagesDialog
        open={regenerating}
        onOpenChange={setRegenerating}
        targets={[{ id: post.id, title: post.title }]}
        context="single"
      />
    </form>
  )
}

function FormField({
  label,
  htmlFor,
  hint,
  error,
  errorId,
  children,
}: {
  label: string
  htmlFor: string
  hint?: string
  error?: string
  errorId?: string
  children: ReactNode
}) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={htmlFor}>
        {label}
      </label>
      {children}
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : (
        hint && (
          <p id={`${htmlFor}-hint`} className="field__hint">
            {hint}
          </p>
        )
      )}
    </div>
  )
}
