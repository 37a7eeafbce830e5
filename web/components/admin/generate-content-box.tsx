import { BookMarked, ImageIcon, LoaderCircle, MessageSquareText, WandSparkles } from 'lucide-react'
import { useState } from 'react'
import { useGenerateEnhancement } from '../../api/admin.js'
import { useToast } from '../ui/toaster.js'
import { LazyRegenerateImagesDialog as RegenerateImagesDialog } from './lazy-regenerate-dialog.js'

type Kind = 'annotations' | 'bibliography'

const TEXTS: Record<Kind, { label: string; done: string; queued: string; failed: string }> = {
  annotations: {
    label: 'Generate Annotations',
    done: 'Annotations are ready: use Show Annotations above the essay.',
    queued: 'Annotations are being generated; follow the job in the tracker.',
    failed: 'Failed to generate annotations.',
  },
  bibliography: {
    label: 'Generate Bibliography',
    done: 'The bibliography is ready at the end of the essay.',
    queued: 'The bibliography is being generated; follow the job in the tracker.',
    failed: 'Failed to generate bibliography.',
  },
}

/**
 * SPEC §2 'Generate Content' box in the post page's sidebar, for signed-in users: annotations,
 * bibliography and images for this post.
 */
export function GenerateContentBox({ post }: { post: { id: number; title: string } }) {
  const generate = useGenerateEnhancement()
  const { toast } = useToast()
  const [regenerating, setRegenerating] = useState(false)
  const running = generate.isPending ? generate.variables?.kind : undefined

  async function run(kind: Kind) {
    try {
      const { queued } = await generate.mutateAsync({ postId: post.id, kind })
      const what = kind === 'annotations' ? 'Annotations' : 'Bibliography'
      toast({
        title: `${what} ${queued ? 'Queued' : 'Generated'}`,
        description: queued ? TEXTS[kind].queued : TEXTS[kind].done,
      })
    } catch {
      toast({ title: 'Error', description: TEXTS[kind].failed, variant: 'destructive' })
    }
  }

  return (
    <section className="generate-box" aria-labelledby="generate-box-title">
      <h2 id="generate-box-title" className="generate-box__title">
        <WandSparkles size={16} aria-hidden="true" />
        Generate Content
      </h2>
      <div className="generate-box__actions">
        {(['annotations', 'bibliography'] as const).map((kind) => (
          <button
            key={kind}
            type="button"
            className="button button--quiet button--small button--block generate-box__button"
            onClick={() => void run(kind)}
            disabled={running !== undefined}
            aria-busy={running === kind || undefined}
          >
            {running === kind ? (
              <LoaderCircle size={15} aria-hidden="true" className="spin" />
            ) : kind === 'annotations' ? (
              <MessageSquareText size={15} aria-hidden="true" />
            ) : (
              <BookMarked size={15} aria-hidden="true" />
            )}
            {running === kind ? 'Generating...' : TEXTS[kind].label}
          </button>
        ))}
        <button
          type="button"
          className="button button--quiet button--small button--block generate-box__button"
          onClick={() => setRegenerating(true)}
        >
          <ImageIcon size={15} aria-hidden="true" />
          Regenerate Images
        </button>
      </div>
      <RegenerateImagesDialog open={regenerating} onOpenChange={setRegenerating} targets={[post]} context="post-page" />
    </section>
  )
}
