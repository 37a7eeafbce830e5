import { useRegenerateImages } from '../../api/admin.js'
import type { RegenerationOutcome } from '../../api/admin.js'
import { useToast } from '../ui/toaster.js'
import { regenerationRequest, regenerationStartedText } from './image-options.js'
import type { RegenerationForm } from './image-options.js'

export interface RegenerationTarget {
  id: number
  title: string
}

/**
 * Where the dialog was opened from decides the failure text (SPEC §8): a post in the lists,
 * the post page, or a bulk action over the selection.
 */
export type RegenerationContext = 'single' | 'post-page' | 'bulk'

const FAILURE_TEXT: Record<RegenerationContext, string> = {
  single: 'Failed to regenerate images',
  'post-page': 'Failed to regenerate images.',
  bulk: 'Failed to regenerate images for some posts',
}

/**
 * Starts image regeneration for one post or several (one call each, in parallel) and says how
 * it went: 'Images Regenerating' on success, SPEC §8's 'Error' otherwise. Resolves to the
 * outcome, or null when there was nothing to do (bulk with nothing selected).
 */
export function useImageRegeneration() {
  const mutation = useRegenerateImages()
  const { toast } = useToast()

  async function start(
    targets: readonly RegenerationTarget[],
    form: RegenerationForm,
    context: RegenerationContext,
  ): Promise<RegenerationOutcome | null> {
    if (targets.length === 0 || mutation.isPending) return null
    const request = regenerationRequest(form)
    let outcome: RegenerationOutcome
    try {
      outcome = await mutation.mutateAsync({ postIds: targets.map((t) => t.id), request })
    } catch {
      outcome = { succeeded: [], failed: targets.map((t) => t.id) }
    }
    if (outcome.failed.length > 0) {
      toast({
        title: 'Error',
        description: FAILURE_TEXT[targets.length > 1 ? 'bulk' : context],
        variant: 'destructive',
      })
    } else {
      const target = context === 'bulk' ? { count: targets.length } : { title: targets[0].title }
      toast({ title: 'Images Regenerating', description: regenerationStartedText(form.scope, target) })
    }
    return outcome
  }

  return { start, pending: mutation.isPending }
}
