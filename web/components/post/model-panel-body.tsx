import katex from 'katex'
import { ChevronRight } from 'lucide-react'
import { Collapsible } from 'radix-ui'
import { useMemo } from 'react'
import type { ReactNode } from 'react'
import {
  RELIABILITY_LABELS,
  isMathText,
  modelDisplay,
  moreEquationsLabel,
  stripMathDelimiters,
} from '../../lib/math-model.js'
import type { MathematicalModel } from '../../lib/math-model.js'
import { katexMacros, type KatexMacros } from '../../lib/katex-macros.js'

const MEASURABILITY_LABELS: Record<MathematicalModel['variables'][number]['measurability'], string> = {
  direct: 'Directly measurable',
  indirect: 'Indirectly measurable',
  proxy: 'Measured by proxy',
  theoretical: 'Theoretical',
}

/**
 * A formula typeset by KaTeX; one that fails to typeset shows KaTeX's message as text (SPEC §2),
 * or, for text that only might be TeX (a unit, a range), the text as written.
 */
export function Tex({
  tex,
  display = false,
  orText = false,
  macros,
}: {
  tex: string
  display?: boolean
  orText?: boolean
  /** The essay's own macros (`\vx` → `\mathbf{x}`), as the page typesets its formulas with them. */
  macros?: KatexMacros
}) {
  const result = useMemo(() => {
    try {
      // one object per formula: React rewrites innerHTML whenever it gets a new one
      return {
        inner: {
          __html: katex.renderToString(stripMathDelimiters(tex), {
            displayMode: display,
            throwOnError: true,
            strict: 'ignore',
            output: 'htmlAndMathml',
            // A copy: a definition inside one formula must not leak into the next.
            ...(macros ? { macros: { ...macros } } : {}),
          }),
        },
      }
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) }
    }
  }, [tex, display, macros])
  if ('error' in result) return orText ? <>{tex}</> : <span className="model-math-error">{result.error}</span>
  // KaTeX's own output (trust is off: no links, no raw HTML from the TeX).
  return (
    <span
      className={display ? 'model-math model-math--display' : 'model-math'}
      dangerouslySetInnerHTML={result.inner}
    />
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="model-section">
      <h3 className="model-section__title">{title}</h3>
      {children}
    </section>
  )
}

function Fold({ title, aside, children }: { title: string; aside?: ReactNode; children: ReactNode }) {
  return (
    <Collapsible.Root className="model-fold">
      <h3 className="model-fold__heading">
        <Collapsible.Trigger className="model-fold__trigger">
          <ChevronRight size={16} aria-hidden="true" className="model-fold__chevron" />
          <span className="model-fold__title">{title}</span>
          {aside}
        </Collapsible.Trigger>
      </h3>
      <Collapsible.Content className="model-fold__content">{children}</Collapsible.Content>
    </Collapsible.Root>
  )
}

function List({ items, className = '' }: { items: readonly string[]; className?: string }) {
  if (items.length === 0) return null
  return (
    <ul className={`model-list ${className}`.trim()}>
      {items.map((item, i) => (
        <li key={i}>{item}</li>
      ))}
    </ul>
  )
}

/** What the Mathematical Model panel shows of a stored model, with SPEC §2's limits. */
export function ModelPanelBody({
  model,
  macros: definitions,
}: {
  model: MathematicalModel
  macros?: readonly string[]
}) {
  const shown = modelDisplay(model)
  const macros = useMemo(() => katexMacros(definitions ?? []), [definitions])
  const reliability = model.validation.reliability
  return (
    <div className="model-body">
      {model.field && (
        <p className="model-field">
          <span className="model-field__label">Field</span>
          {model.field}
        </p>
      )}
      {model.abstract && (
        <Section title="Abstract">
          <p className="model-text">{model.abstract}</p>
        </Section>
      )}

      {model.variables.length > 0 && (
        <Fold title={`Variables (${model.variables.length})`}>
          <ul className="model-variables">
            {model.variables.map((v, i) => (
              <li key={i} className="model-variable">
                <div className="model-variable__head">
                  <span className="model-variable__symbol">
                    <Tex tex={v.symbol} macros={macros} />
                  </span>
                  <span className="model-variable__name">{v.name}</span>
                </div>
                {v.description && <p className="model-variable__description">{v.description}</p>}
                <dl className="model-variable__facts">
                  {v.unit && (
                    <div>
                      <dt>Unit</dt>
                      <dd>{isMathText(v.unit) ? <Tex tex={v.unit} orText macros={macros} /> : v.unit}</dd>
                    </div>
                  )}
                  {v.range && (
                    <div>
                      <dt>Range</dt>
                      <dd>{isMathText(v.range) ? <Tex tex={v.range} orText macros={macros} /> : v.range}</dd>
                    </div>
                  )}
                  <div>
                    <dt className="sr-only">Measurability</dt>
                    <dd className={`model-badge model-badge--${v.measurability}`}>
                      {MEASURABILITY_LABELS[v.measurability]}
                    </dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
        </Fold>
      )}

      {model.equations.length > 0 && (
        <Section title="Equations">
          <ol className="model-equations">
            {shown.equations.shown.map((eq, i) => (
              <li key={i} className="model-equation">
                {eq.name && <p className="model-equation__name">{eq.name}</p>}
                <div className="model-equation__math">
                  <Tex tex={eq.equation} display macros={macros} />
                </div>
                {eq.description && <p className="model-equation__description">{eq.description}</p>}
              </li>
            ))}
          </ol>
          {shown.equations.more > 0 && <p className="model-more">{moreEquationsLabel(shown.equations.more)}</p>}
        </Section>
      )}

      {model.systemDynamics.trim() && (
        <Section title="System Dynamics">
          {isMathText(model.systemDynamics) ? (
            <div className="model-equation__math">
              <Tex tex={model.systemDynamics} display macros={macros} />
            </div>
          ) : (
            <p className="model-text model-text--pre">{model.systemDynamics}</p>
          )}
        </Section>
      )}

      <Fold
        title="Validation"
        aside={
          <span className={`model-reliability model-reliability--${reliability}`} data-reliability={reliability}>
            {RELIABILITY_LABELS[reliability]} reliability
          </span>
        }
      >
        {shown.strengths.length > 0 && (
          <>
            <h4 className="model-subtitle">Strengths</h4>
            <List items={shown.strengths} className="model-list--strengths" />
          </>
        )}
        {shown.limitations.length > 0 && (
          <>
            <h4 className="model-subtitle">Limitations</h4>
            <List items={shown.limitations} className="model-list--limitations" />
          </>
        )}
        {shown.validationMethods.length > 0 && (
          <>
            <h4 className="model-subtitle">Validation Methods</h4>
            <List items={shown.validationMethods} />
          </>
        )}
      </Fold>

      {shown.applications.length > 0 && (
        <Section title="Practical Applications">
          <List items={shown.applications} />
        </Section>
      )}
    </div>
  )
}
