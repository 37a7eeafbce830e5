import { LoaderCircle, RefreshCw, Sigma, WandSparkles } from 'lucide-react'
import { Suspense, lazy } from 'react'
import { FloatingPanel } from '../ui/floating-panel.js'
import { useGenerateModel } from '../../api/admin.js'
import type { MathematicalModel } from '../../lib/math-model.js'
import { useToast } from '../ui/toaster.js'

// The panel's content, with KaTeX, loads only when a reader opens the panel.
const loadBody = () => import('./model-panel-body.js')
const ModelPanelBody = lazy(() => loadBody().then((m) => ({ default: m.ModelPanelBody })))

function preload() {
  void loadBody().catch(() => {})
}

/**
 * SPEC §2 Mathematical Model panel: a floating panel at the bottom left that starts as a
 * collapsed button and expands to 24rem × 45rem (less on a small screen). Shown for a post
 * with a stored model that parses, and to signed-in users (who get its Generate/Regen button)
 * also without one; hidden when printing. Escape collapses it.
 */
export function ModelPanel({
  model,
  generate,
  macros,
}: {
  model: MathematicalModel | null
  generate?: { postId: number; slug: string }
  /** The essay's own TeX definitions: the panel typesets the model's formulas as the page does. */
  macros?: readonly string[]
}) {
  return (
    <FloatingPanel
      kind="model"
      title="Mathematical Model"
      icon={Sigma}
      onIntent={preload}
      actions={generate && <GenerateModelButton {...generate} hasModel={model !== null} />}
    >
      <div className="model-panel__body">
        <Suspense
          fallback={
            <div className="model-panel__loading" aria-busy="true">
              <span className="sr-only" role="status">
                Loading the model…
              </span>
              <span className="skeleton skeleton--text" style={{ width: '40%' }} />
              <span className="skeleton skeleton--text" />
              <span className="skeleton skeleton--text" style={{ width: '85%' }} />
            </div>
          }
        >
          {model ? (
            <ModelPanelBody model={model} macros={macros} />
          ) : (
            <div className="model-panel__empty">
              <p>This essay has no mathematical model yet.</p>
              <p>Generate builds one from the formulas and quantities the essay contains.</p>
            </div>
          )}
        </Suspense>
      </div>
    </FloatingPanel>
  )
}

/**
 * SPEC §2/§4/§8 the panel's Generate (no model yet) or Regen button, with its busy label,
 * toasts; after success the open panel shows the new model.
 */
function GenerateModelButton({ postId, slug, hasModel }: { postId: number; slug: string; hasModel: boolean }) {
  const mutation = useGenerateModel()
  const { toast } = useToast()
  const regenerate = hasModel

  async function onClick() {
    try {
      const { variablesCount } = await mutation.mutateAsync({ postId, slug, regenerate })
      toast(
        regenerate
          ? { title: 'Mathematical Model Regenerated', description: `Updated model with ${variablesCount} variables` }
          : {
              title: 'Mathematical Model Generated',
              description: `Created quantitative model with ${variablesCount} variables`,
            },
      )
    } catch {
      toast({
        title: 'Error',
        description: regenerate ? 'Failed to regenerate mathematical model' : 'Failed to generate mathematical model',
        variant: 'destructive',
      })
    }
  }

  const busy = mutation.isPending
  const label = regenerate ? (busy ? 'Regen...' : 'Regen') : busy ? 'Gen...' : 'Generate'
  return (
    <button
      type="button"
      className="button button--quiet button--small model-panel__generate"
      onClick={() => void onClick()}
      disabled={busy}
      aria-label={
        regenerate
          ? busy
            ? 'Regenerating the model'
            : 'Regenerate the model'
          : busy
            ? 'Generating a model'
            : 'Generate a model'
      }
      title={regenerate ? 'Make the model again from the essay' : 'Make a model from the essay'}
    >
      {busy ? (
        <LoaderCircle size={14} aria-hidden="true" className="spin" />
      ) : regenerate ? (
        <RefreshCw size={14} aria-hidden="true" />
      ) : (
        <WandSparkles size={14} aria-hidden="true" />
      )}
      {label}
    </button>
  )
}
