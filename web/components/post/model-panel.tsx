import { ChevronDown, ChevronUp, LoaderCircle, RefreshCw, Sigma, WandSparkles } from 'lucide-react'
import { Suspense, lazy } from 'react'
import { useFloatingPanel } from '../../hooks/use-floating-panel.js'
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
export function ModelPanel({ model, generate }: { model: MathematicalModel | null; generate?: { postId: number; slug: string } }) {
  const { open: expanded, set, onPanelKeyDown, launcher, heading, panelId, titleId } = useFloatingPanel()

  if (!expanded) {
    return (
      <div className="model-dock">
        <button
          ref={launcher}
          type="button"
          className="model-launcher"
          aria-expanded={false}
          aria-controls={panelId}
          onClick={() => set(true)}
          onPointerEnter={preload}
          onFocus={preload}
        >
          <Sigma size={18} aria-hidden="true" />
          <span className="model-launcher__label">Mathematical Model</span>
          <ChevronUp size={16} aria-hidden="true" className="model-launcher__chevron" />
        </button>
      </div>
    )
  }

  return (
    <div className="model-dock">
      <section
        id={panelId}
        className="model-panel"
        aria-labelledby={titleId}
        onKeyDown={onPanelKeyDown}
      >
        <header className="model-panel__header">
          <Sigma size={18} aria-hidden="true" className="model-panel__icon" />
          <h2 id={titleId} ref={heading} tabIndex={-1} className="model-panel__title">
            Mathematical Model
          </h2>
          {generate && <GenerateModelButton {...generate} hasModel={model !== null} onDone={() => set(true)} />}
          <button type="button" className="icon-button model-panel__collapse" aria-expanded={true} aria-controls={panelId} aria-label="Collapse Mathematical Model" onClick={() => set(false)}>
            <ChevronDown size={18} aria-hidden="true" />
          </button>
        </header>
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
              <ModelPanelBody model={model} />
            ) : (
              <div className="model-panel__empty">
                <p>This essay has no mathematical model yet.</p>
                <p>Generate builds one from the formulas and quantities the essay contains.</p>
              </div>
            )}
          </Suspense>
        </div>
      </section>
    </div>
  )
}

/**
 * SPEC §2/§4/§8 the panel's Generate (no model yet) or Regen button, with its busy label,
 * toasts and, after success, the panel opened on the new model.
 */
function GenerateModelButton({ postId, slug, hasModel, onDone }: { postId: number; slug: string; hasModel: boolean; onDone: () => void }) {
  const mutation = useGenerateModel()
  const { toast } = useToast()
  const regenerate = hasModel

  async function onClick() {
    try {
      const { variablesCount } = await mutation.mutateAsync({ postId, slug, regenerate })
      toast(
        regenerate
          ? { title: 'Mathematical Model Regenerated', description: `Updated model with ${variablesCount} variables` }
          : { title: 'Mathematical Model Generated', description: `Created quantitative model with ${variablesCount} variables` },
      )
      onDone()
    } catch {
      toast({ title: 'Error', description: regenerate ? 'Failed to regenerate mathematical model' : 'Failed to generate mathematical model', variant: 'destructive' })
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
      aria-label={regenerate ? (busy ? 'Regenerating the model' : 'Regenerate the model') : busy ? 'Generating a model' : 'Generate a model'}
      title={regenerate ? 'Make the model again from the essay' : 'Make a model from the essay'}
    >
      {busy ? <LoaderCircle size={14} aria-hidden="true" className="spin" /> : regenerate ? <RefreshCw size={14} aria-hidden="true" /> : <WandSparkles size={14} aria-hidden="true" />}
      {label}
    </button>
  )
}
