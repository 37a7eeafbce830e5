import { describe, expect, it } from 'vitest'
import type { Job } from '../../../src/shared/schemas/index.js'
import {
  DEFAULT_REGENERATION,
  canStartRegeneration,
  hasQualityAndStyle,
  regenerationRequest,
  regenerationStartedText,
} from '../../../web/components/admin/image-options.js'
import { pruneSelection, selectionState, toggleSelected } from '../../../web/components/admin/selection.js'
import {
  COMPLETED_VISIBLE_MS,
  EMPTY_MEMORY,
  jobsSummary,
  nextExpiry,
  observeJobs,
  shownJobs,
} from '../../../web/components/jobs/job-visibility.js'
import {
  draftFromPost,
  draftProblems,
  fromDatetimeLocal,
  isDraftDirty,
  parseTags,
  toDatetimeLocal,
  updateBody,
} from '../../../web/components/manage/post-draft.js'
import {
  NOT_MARKDOWN,
  applyUploadAnswer,
  displayStatus,
  entriesForFiles,
  failBatch,
  isMarkdownName,
} from '../../../web/components/upload/upload-entries.js'
import { post } from './fixtures.js'

describe('image regeneration payload (SPEC §5, §9)', () => {
  it('starts from SPEC §9 defaults: both, dall-e-3, hd, natural, no custom prompt', () => {
    expect(DEFAULT_REGENERATION).toEqual({
      scope: 'both',
      model: 'dall-e-3',
      quality: 'hd',
      style: 'natural',
      useCustomPrompt: false,
      customPrompt: '',
    })
    expect(regenerationRequest(DEFAULT_REGENERATION)).toEqual({
      imageType: 'both',
      imageOptions: { model: 'dall-e-3', quality: 'hd', style: 'natural', useCustomPrompt: false },
    })
  })

  it('sends quality and style as chosen only for dall-e-3; other models send standard and natural', () => {
    const vivid = { ...DEFAULT_REGENERATION, quality: 'standard' as const, style: 'vivid' as const }
    expect(regenerationRequest(vivid).imageOptions).toMatchObject({ quality: 'standard', style: 'vivid' })
    for (const model of ['dall-e-2', 'gpt-image-1'] as const) {
      expect(hasQualityAndStyle(model)).toBe(false)
      expect(regenerationRequest({ ...vivid, quality: 'hd', model }).imageOptions).toEqual({
        model,
        quality: 'standard',
        style: 'natural',
        useCustomPrompt: false,
      })
    }
    expect(hasQualityAndStyle('dall-e-3')).toBe(true)
  })

  it('sends the custom prompt, trimmed, only when switched on', () => {
    const off = { ...DEFAULT_REGENERATION, customPrompt: 'a harbour at dusk' }
    expect(regenerationRequest(off).imageOptions).not.toHaveProperty('customPrompt')
    const on = { ...off, useCustomPrompt: true, customPrompt: '  a harbour at dusk \n' }
    expect(regenerationRequest(on).imageOptions).toMatchObject({
      useCustomPrompt: true,
      customPrompt: 'a harbour at dusk',
    })
    expect(regenerationRequest({ ...on, scope: 'banner' }).imageType).toBe('banner')
  })

  it('disables Start while a request runs, or while the prompt is on and blank after trimming', () => {
    expect(canStartRegeneration(DEFAULT_REGENERATION, false)).toBe(true)
    expect(canStartRegeneration(DEFAULT_REGENERATION, true)).toBe(false)
    expect(canStartRegeneration({ ...DEFAULT_REGENERATION, useCustomPrompt: true, customPrompt: '   ' }, false)).toBe(
      false,
    )
    expect(canStartRegeneration({ ...DEFAULT_REGENERATION, useCustomPrompt: true, customPrompt: ' x ' }, false)).toBe(
      true,
    )
    // a blank prompt does not matter while the switch is off
    expect(canStartRegeneration({ ...DEFAULT_REGENERATION, useCustomPrompt: false, customPrompt: '' }, false)).toBe(
      true,
    )
  })

  it("words the 'Images Regenerating' toast as SPEC §8 does", () => {
    expect(regenerationStartedText('both', { title: 'On Notation' })).toBe(
      'Started regenerating all images for "On Notation"',
    )
    expect(regenerationStartedText('banner', { title: 'X' })).toBe('Started regenerating banner images for "X"')
    expect(regenerationStartedText('content', { title: 'X' })).toBe('Started regenerating content images for "X"')
    expect(regenerationStartedText('both', { count: 3 })).toBe('Started regenerating all images for 3 posts')
    expect(regenerationStartedText('both', { count: 1 })).toBe('Started regenerating all images for 1 post')
  })
})

describe('edit form (SPEC §5 save trimming)', () => {
  it('trims title, content, excerpt, meta description and author; trims tags and drops empty ones', () => {
    const draft = {
      ...draftFromPost(post({ title: 'T' })),
      title: '  A New Title  ',
      content: '\n# Body\n\n',
      excerpt: ' short ',
      metaDescription: '  for search  ',
      tags: ' math, , history ,,  method , math ',
      author: '  Ada  ',
      publishedAt: '2025-03-04T09:30',
      featured: true,
    }
    const body = updateBody(draft)
    expect(body).toEqual({
      title: 'A New Title',
      content: '# Body',
      excerpt: 'short',
      metaDescription: 'for search',
      tags: ['math', 'history', 'method'],
      author: 'Ada',
      featured: 1,
      publishedAt: new Date('2025-03-04T09:30').toISOString(),
    })
    expect(updateBody({ ...draft, metaDescription: '   ', featured: false })).toMatchObject({
      metaDescription: null,
      featured: 0,
    })
    expect(parseTags(' , ,')).toEqual([])
  })

  it('round-trips the publish date through datetime-local in local time', () => {
    const iso = new Date(2025, 2, 4, 9, 30).toISOString()
    expect(toDatetimeLocal(iso)).toBe('2025-03-04T09:30')
    expect(fromDatetimeLocal('2025-03-04T09:30')).toBe(iso)
    expect(fromDatetimeLocal('')).toBeNull()
    expect(fromDatetimeLocal('yesterday')).toBeNull()
    expect(toDatetimeLocal('not a date')).toBe('')
  })

  it('starts from the post, and knows required fields and whether anything changed', () => {
    const p = post({ title: 'On Notation', tags: ['a', 'b'], metaDescription: null, featured: 1 })
    const initial = draftFromPost(p)
    expect(initial).toMatchObject({
      title: 'On Notation',
      tags: 'a, b',
      metaDescription: '',
      featured: true,
      content: p.content,
    })
    expect(isDraftDirty(initial, initial)).toBe(false)
    expect(isDraftDirty({ ...initial, author: 'Someone' }, initial)).toBe(true)
    expect(draftProblems(initial)).toEqual({})
    expect(draftProblems({ ...initial, title: '  ', content: '\n', publishedAt: '' })).toEqual({
      title: 'Title is required',
      content: 'Content is required',
      publishedAt: 'Enter a valid date and time',
    })
  })
})

describe('selection', () => {
  it('toggles, prunes ids that left the list, and reports none/some/all', () => {
    let s = toggleSelected(new Set(), 3)
    s = toggleSelected(s, 5)
    expect([...s]).toEqual([3, 5])
    s = toggleSelected(s, 3)
    expect([...s]).toEqual([5])
    expect([...pruneSelection(new Set([1, 2, 9]), [1, 2, 3])]).toEqual([1, 2])
    expect(selectionState(new Set(), [1, 2])).toBe('none')
    expect(selectionState(new Set([1]), [1, 2])).toBe('some')
    expect(selectionState(new Set([1, 2]), [1, 2])).toBe('all')
    expect(selectionState(new Set([7]), [1, 2])).toBe('none')
  })
})

describe('upload entries', () => {
  const files = [
    { name: 'one.md', size: 10 },
    { name: 'two.MARKDOWN', size: 20 },
    { name: 'notes.txt', size: 5 },
  ]

  it('accepts only .md and .markdown (any case) and refuses the others at once', () => {
    expect(isMarkdownName('a.md')).toBe(true)
    expect(isMarkdownName('a.Markdown')).toBe(true)
    expect(isMarkdownName('a.md.txt')).toBe(false)
    expect(isMarkdownName('md')).toBe(false)
    const entries = entriesForFiles(files)
    expect(entries.map((e) => e.status)).toEqual(['processing', 'processing', 'error'])
    expect(entries[2].message).toBe(NOT_MARKDOWN)
  })

  it("applies the server's per-file answer in order, with its reasons and the posts' links", () => {
    const entries = entriesForFiles(files)
    const batch = entries.slice(0, 2).map((e) => e.key)
    const done = applyUploadAnswer(entries, batch, {
      posts: [{ id: 4, slug: 'one', title: 'One', status: 'published' }],
      files: [
        {
          name: 'one.md',
          status: 'imported',
          slug: 'one',
          error: null,
          notice: 'Dated 2019-03-01, more than 30 days ago',
        },
        { name: 'two.MARKDOWN', status: 'failed', slug: null, error: 'two.MARKDOWN: not valid UTF-8' },
      ],
    })
    // the server's note on a back-dated new post is shown with it (issue 40)
    expect(done[0]).toMatchObject({
      status: 'success',
      outcome: 'imported',
      post: { id: 4, slug: 'one' },
      notice: 'Dated 2019-03-01, more than 30 days ago',
    })
    expect(done[1]).toMatchObject({ status: 'error', message: 'two.MARKDOWN: not valid UTF-8', post: null })
    expect(done[2]).toBe(entries[2])
  })

  it("marks every file of a failed request as an error with the server's message", () => {
    const entries = entriesForFiles(files)
    const batch = entries.slice(0, 2).map((e) => e.key)
    const failed = failBatch(entries, batch, 'At most 20 files per upload.')
    expect(failed.slice(0, 2).every((e) => e.status === 'error' && e.message === 'At most 20 files per upload.')).toBe(
      true,
    )
  })

  it("reads 'generating-image' only while an image job for the new post is waiting or running", () => {
    const [entry] = applyUploadAnswer(entriesForFiles([files[0]]), [], { posts: [] })
    const imported = {
      ...entry,
      status: 'success' as const,
      post: { id: 4, slug: 'one', title: 'One', status: 'published' as const },
    }
    const job = (status: Job['status'], kind = 'images', postId = 4): Job => ({
      id: `${kind}-${status}`,
      postId,
      title: 'One',
      kind,
      status,
      createdAt: '',
      completedAt: null,
      error: null,
    })
    expect(displayStatus(imported, [])).toBe('success')
    expect(displayStatus(imported, [job('processing')])).toBe('generating-image')
    expect(displayStatus(imported, [job('pending')])).toBe('generating-image')
    expect(displayStatus(imported, [job('completed')])).toBe('success')
    expect(displayStatus(imported, [job('processing', 'annotations')])).toBe('success')
    expect(displayStatus(imported, [job('processing', 'images', 5)])).toBe('success')
    expect(displayStatus(entry, [job('processing')])).toBe('processing')
  })
})

describe('job tracker visibility (SPEC §4, §9)', () => {
  const job = (id: string, status: Job['status'], completedAt: string | null = null): Job => ({
    id,
    postId: 1,
    title: id,
    kind: 'images',
    status,
    createdAt: '2025-01-01T00:00:00.000Z',
    completedAt,
    error: status === 'failed' ? 'boom' : null,
  })

  it('shows a job seen finishing for 5000 ms, and reports it once so its post is refreshed', () => {
    let memory = observeJobs(EMPTY_MEMORY, [job('a', 'processing')], 1000).memory
    const step = observeJobs(memory, [job('a', 'completed', new Date(0).toISOString())], 4000)
    expect(step.completed.map((j) => j.id)).toEqual(['a'])
    memory = step.memory
    const jobs = [job('a', 'completed', new Date(0).toISOString())]
    expect(shownJobs(jobs, memory, 4000, new Set())).toHaveLength(1)
    expect(shownJobs(jobs, memory, 4000 + COMPLETED_VISIBLE_MS - 1, new Set())).toHaveLength(1)
    expect(shownJobs(jobs, memory, 4000 + COMPLETED_VISIBLE_MS, new Set())).toHaveLength(0)
    expect(nextExpiry(jobs, memory, 5000)).toBe(4000 + COMPLETED_VISIBLE_MS)
    // the next answer does not report it again
    expect(observeJobs(memory, jobs, 7000).completed).toEqual([])
  })

  it('leaves out a job that finished long before the page looked; counts a recent one from its completedAt', () => {
    const now = Date.parse('2025-01-01T00:10:00.000Z')
    const old = job('old', 'completed', '2025-01-01T00:08:00.000Z')
    const recent = job('recent', 'completed', '2025-01-01T00:09:58.000Z')
    const { memory, completed } = observeJobs(EMPTY_MEMORY, [old, recent], now)
    expect(completed.map((j) => j.id)).toEqual(['recent'])
    expect(shownJobs([old, recent], memory, now, new Set()).map((j) => j.id)).toEqual(['recent'])
    expect(shownJobs([old, recent], memory, now + 3000, new Set())).toEqual([])
  })

  it('shows pending and processing jobs always, failed ones until dismissed, and sums them up', () => {
    const jobs = [job('p', 'pending'), job('r', 'processing'), job('f', 'failed', '2025-01-01T00:00:00.000Z')]
    const { memory } = observeJobs(EMPTY_MEMORY, jobs, 0)
    expect(shownJobs(jobs, memory, 0, new Set()).map((j) => j.id)).toEqual(['p', 'r', 'f'])
    expect(shownJobs(jobs, memory, 0, new Set(['f'])).map((j) => j.id)).toEqual(['p', 'r'])
    expect(jobsSummary(jobs)).toBe('1 running · 1 queued · 1 failed')
  })
})
