import { useQueryClient } from '@tanstack/react-query'
import { FileArchive, FileDown, LoaderCircle } from 'lucide-react'
import { useState } from 'react'
import type { Post } from '../../../src/shared/schemas/index.js'
import { downloadArxiv, downloadArxivArchive } from '../../api/admin.js'
import { postKeys } from '../../api/posts.js'
import { serverMessage } from '../../lib/errors.js'
import { useToast } from '../ui/toaster.js'

/**
 * SPEC §2 arXiv export (signed-in only): downloads {slug}-arxiv-format.txt, the same text as
 * `blog export --arxiv SLUG`; with `archive`, the submission `.tar.gz` whose `.tex` includes the
 * post's figures (`blog export --arxiv SLUG -o x.tar.gz`). The post on screen gives its id.
 */
export function ArxivExportButton({ slug, archive = false }: { slug: string; archive?: boolean }) {
  const queryClient = useQueryClient()
  const { toast } = useToast()
  const [busy, setBusy] = useState(false)

  async function onExport() {
    setBusy(true)
    try {
      const post =
        queryClient.getQueryData<Post | null>(postKeys.detail(slug)) ??
        (await queryClient.fetchQuery<Post | null>({ queryKey: postKeys.detail(slug) }))
      if (!post) throw new Error('no such post')
      await (archive ? downloadArxivArchive : downloadArxiv)(post.id, post.slug)
    } catch (error) {
      toast({
        title: 'Export Failed',
        description: serverMessage(error, 'The arXiv export could not be made.'),
        variant: 'destructive',
      })
    } finally {
      setBusy(false)
    }
  }

  const label = archive ? 'arXiv source and figures' : 'arXiv'
  const Icon = archive ? FileArchive : FileDown
  return (
    <button
      type="button"
      className="button button--quiet button--small"
      onClick={() => void onExport()}
      disabled={busy}
      // the name holds the words shown (WCAG 2.5.3, axe label-content-name-mismatch), so a
      // reader who speaks what they see is understood
      aria-label={busy ? `Exporting ${label}` : archive ? 'Export for arXiv .tar.gz, with figures' : 'Export for arXiv'}
      title={archive ? `Download the LaTeX source with its figures (.tar.gz)` : `Download ${slug}-arxiv-format.txt`}
    >
      {busy ? <LoaderCircle size={16} aria-hidden="true" className="spin" /> : <Icon size={16} aria-hidden="true" />}
      {busy ? 'Exporting...' : archive ? 'arXiv .tar.gz' : 'arXiv'}
    </button>
  )
}
