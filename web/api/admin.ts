import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Query, QueryClient } from '@tanstack/react-query'
import type { Job, Post } from '../../src/shared/schemas/index.js'
import { jobsChanged } from './jobs.js'
import { postKeys } from './posts.js'
import { ENDPOINTS } from '../../src/shared/api/endpoints.js'
import { call, callWithForm, request } from './call.js'
import type { BodyOf } from '../../src/shared/api/inputs.js'
import { relativePathOf } from '../components/upload/folder-files.js'

// The owner's calls on posts (SPEC §7). Every change refetches what shows posts: the lists,
// searches and single posts all have keys that start with '/api/posts'.

/** Queries that show posts: the list, a search, one post, the Post Manager's pages. */
export function isPostsQuery(query: Query): boolean {
  const first = query.queryKey[0]
  return (
    typeof first === 'string' &&
    (first.startsWith(ENDPOINTS.listPosts.path) || first.startsWith(ENDPOINTS.managePosts.path))
  )
}

/** Refetch every list, search and post on screen (SPEC §4: after a change the posts list is refetched). */
export function refreshPosts(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: isPostsQuery })
}

/** PUT /api/posts/{id} with SPEC §7's fields (the shared PostUpdateSchema's input); any subset may be sent. */
export type PostUpdateBody = BodyOf<'updatePost'>

/** PUT /api/posts/{id}: answers the updated post, which replaces the cached one. */
export function useUpdatePost() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: PostUpdateBody }) => call('updatePost', { params: { id }, body }),
    onSuccess: (post) => {
      queryClient.setQueryData(postKeys.detail(post.slug), post)
      return refreshPosts(queryClient)
    },
  })
}

/** DELETE /api/posts {ids} → {message, deleted}. */
export function useDeletePosts() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (ids: number[]) => call('deletePosts', { body: { ids } }),
    onSuccess: () => refreshPosts(queryClient),
  })
}

/** DELETE /api/posts/{id}. */
export function useDeletePost() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => call('deletePost', { params: { id } }),
    onSuccess: () => refreshPosts(queryClient),
  })
}

/** DELETE /api/posts/annotations {postIds} → {updatedCount}. */
export function useDeleteAnnotations() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (postIds: number[]) => call('clearAnnotations', { body: { postIds } }),
    onSuccess: () => refreshPosts(queryClient),
  })
}

export type BulkKind = 'annotations' | 'bibliography' | 'models'
const BULK = { annotations: 'bulkAnnotations', bibliography: 'bulkBibliography', models: 'bulkModels' } as const

export interface BulkAnswer {
  /** annotations and bibliography run as jobs */
  jobsCreated?: number
  /** models are made during the call */
  modelsCreated?: number
}

/** POST /api/posts/{kind}/bulk-generate {postIds}. */
export function useBulkGenerate() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ kind, postIds }: { kind: BulkKind; postIds: number[] }): Promise<BulkAnswer> =>
      call(BULK[kind], { body: { postIds } }),
    onSuccess: (_answer, { kind }) =>
      Promise.all([refreshPosts(queryClient), kind === 'models' ? undefined : jobsChanged(queryClient)]),
  })
}

export type ImageScope = 'banner' | 'content' | 'both'
export type ImageModel = 'dall-e-3' | 'dall-e-2' | 'gpt-image-1'

/** SPEC §7 regenerate-images body: the custom prompt goes only when it is switched on. */
export interface RegenerateImagesRequest {
  imageType: ImageScope
  imageOptions: {
    model: ImageModel
    quality: 'hd' | 'standard'
    style: 'natural' | 'vivid'
    useCustomPrompt: boolean
    customPrompt?: string
  }
}

/** POST /api/posts/{id}/regenerate-images: queues an image job (202 {message, job}). */
export function regenerateImages(
  postId: number,
  request: RegenerateImagesRequest,
): Promise<{ message?: string; job?: Job }> {
  return call('regenerateImages', { params: { id: postId }, body: request })
}

export interface RegenerationOutcome {
  succeeded: number[]
  failed: number[]
}

/**
 * Regenerates the images of one post or many: one call per post, all at once (SPEC §7).
 * Afterwards the posts and the job list are refetched, so the tracker starts polling.
 */
export function useRegenerateImages() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({
      postIds,
      request,
    }: {
      postIds: number[]
      request: RegenerateImagesRequest
    }): Promise<RegenerationOutcome> => {
      const results = await Promise.allSettled(postIds.map((id) => regenerateImages(id, request)))
      const succeeded: number[] = []
      const failed: number[] = []
      results.forEach((r, i) => (r.status === 'fulfilled' ? succeeded : failed).push(postIds[i]))
      return { succeeded, failed }
    },
    onSettled: () => Promise.all([refreshPosts(queryClient), jobsChanged(queryClient)]),
  })
}

/**
 * POST /api/posts/{id}/generate-annotations or generate-bibliography (no payload). The answer's
 * fields are not part of the contract; only whether the work was done (200) or queued (202).
 */
export function useGenerateEnhancement() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ postId, kind }: { postId: number; kind: 'annotations' | 'bibliography' }) => {
      const res = await request(kind === 'annotations' ? 'generateAnnotations' : 'generateBibliography', {
        params: { id: postId },
      })
      return { queued: res.status === 202 }
    },
    onSuccess: () => Promise.all([refreshPosts(queryClient), jobsChanged(queryClient)]),
  })
}

/** POST /api/posts/{postId}/generate-model or regenerate-model (no body) → {model, variablesCount}. */
export function useGenerateModel() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ postId, regenerate }: { postId: number; slug: string; regenerate: boolean }) =>
      call(regenerate ? 'regenerateModel' : 'generateModel', { params: { postId } }),
    onSuccess: ({ model }, { slug }) => {
      // the new model shows at once; the refetch brings the rest of the post up to date
      queryClient.setQueryData<Post | null>(postKeys.detail(slug), (post) =>
        post ? { ...post, mathematicalModel: JSON.stringify(model) } : post,
      )
      return refreshPosts(queryClient)
    },
  })
}

/** POST /api/preview {content, postId} → the site's own rendering, with the post's figures and citations. */
export function usePreview(postId?: number) {
  return useMutation({
    mutationFn: (content: string) => call('preview', { body: { content, postId } }),
  })
}

export type { UploadAnswer, UploadFileStatus } from '../../src/shared/api/endpoints/posts-admin.js'

/** POST /api/upload, multipart with the repeated `files` field (SPEC §7), and each file's place in its folder (`paths`). */
export function useUpload() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (files: readonly File[]) => {
      const form = new FormData()
      for (const file of files) form.append('files', file, file.name)
      for (const file of files) form.append('paths', relativePathOf(file))
      return callWithForm('upload', form)
    },
    onSuccess: () => Promise.all([refreshPosts(queryClient), jobsChanged(queryClient)]),
  })
}

/** The arXiv export's file name (SPEC §2). */
export function arxivFileName(slug: string): string {
  return `${slug}-arxiv-format.txt`
}

/** GET /api/posts/{id}/export/arxiv, saved by the browser as {slug}-arxiv-format.txt. */
export async function downloadArxiv(postId: number, slug: string): Promise<void> {
  saveDownload(await (await request('exportArxiv', { params: { id: postId } })).blob(), arxivFileName(slug))
}

/** GET /api/posts/{id}/export/arxiv-archive: the `.tar.gz` with figures, under the server's name for it. */
export async function downloadArxivArchive(postId: number, slug: string): Promise<void> {
  const res = await request('exportArxivArchive', { params: { id: postId } })
  const named = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')
  saveDownload(await res.blob(), named?.[1] ?? `${slug}-arxiv.tar.gz`)
}

function saveDownload(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob)
  try {
    const a = document.createElement('a')
    a.href = href
    a.download = fileName
    a.rel = 'noopener'
    document.body.append(a)
    a.click()
    a.remove()
  } finally {
    // the click has handed the file to the browser; give it a moment before letting go
    setTimeout(() => URL.revokeObjectURL(href), 10_000)
  }
}
