import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { About, Footer } from '../../src/shared/schemas/index.js'
import { ENDPOINTS } from '../../src/shared/api/endpoints.js'
import { call } from './call.js'

/** React-query keys for the owner-edited texts, shared with the server's prefetching (web/routes.ts). */
export const siteKeys = {
  footer: () => [ENDPOINTS.footer.path] as const,
  about: () => [ENDPOINTS.about.path] as const,
}

/** GET /api/footer: the stored footer, or the defaults when none is stored (SPEC §3, §7). */
export function useFooter() {
  return useQuery<Footer>({ queryKey: siteKeys.footer() })
}

/** PATCH /api/footer with the lists as JSON text; SPEC §7: on success the footer is refetched. */
export function useUpdateFooter() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: Footer) => call('updateFooter', { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(siteKeys.footer(), saved)
      void queryClient.invalidateQueries({ queryKey: siteKeys.footer() })
    },
  })
}

/** GET /api/about: the stored markdown and its HTML rendered by the server ('' and '' when none is stored). */
export function useAbout() {
  return useQuery<About>({ queryKey: siteKeys.about() })
}

/** PATCH /api/about {content}; the answer carries the freshly rendered HTML, then the page is refetched. */
export function useUpdateAbout() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (content: string) => call('updateAbout', { body: { content } }),
    onSuccess: (saved) => {
      queryClient.setQueryData(siteKeys.about(), saved)
      void queryClient.invalidateQueries({ queryKey: siteKeys.about() })
    },
  })
}
