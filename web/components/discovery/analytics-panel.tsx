import { BarChart3 } from 'lucide-react'
import { Tabs } from 'radix-ui'
import { useState } from 'react'
import { FloatingPanel } from '../ui/floating-panel.js'
import { ArgumentQualityTab } from './argument-quality-tab.js'
import { ConceptGrowthTab } from './concept-growth-tab.js'
import { EssayLinksTab } from './essay-links-tab.js'
import { UserInsightsTab } from './user-insights-tab.js'

/** SPEC §2 the analytics panel's tabs, in order. */
export const ANALYTICS_TABS = [
  { value: 'argument', label: 'Argument Quality' },
  { value: 'links', label: 'Essay Links' },
  { value: 'concepts', label: 'Concept Growth' },
  { value: 'insights', label: 'User Insights' },
] as const

type TabValue = (typeof ANALYTICS_TABS)[number]['value']

/**
 * SPEC §2/§4 the floating 'Essay Analytics' panel, for signed-in users: a button at the bottom
 * right (the Mathematical Model has the bottom left) that opens a panel with four tabs. A tab's
 * content mounts only while it is selected, so each call is made when its tab is first used;
 * the answers stay in the cache for the next visit. Escape closes it; hidden when printing.
 */
export function AnalyticsPanel({ postId }: { postId: number }) {
  const [tab, setTab] = useState<TabValue>('argument')

  return (
    <FloatingPanel kind="analytics" title="Essay Analytics" icon={BarChart3}>
      <Tabs.Root value={tab} onValueChange={(v) => setTab(v as TabValue)} className="analytics-tabs">
        <Tabs.List className="analytics-tabs__list" aria-label="Analyses">
          {ANALYTICS_TABS.map((t) => (
            <Tabs.Trigger key={t.value} value={t.value} className="analytics-tabs__trigger">
              {t.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <div className="analytics-panel__body">
          <Tabs.Content value="argument">
            <ArgumentQualityTab postId={postId} />
          </Tabs.Content>
          <Tabs.Content value="links">
            <EssayLinksTab postId={postId} />
          </Tabs.Content>
          <Tabs.Content value="concepts">
            <ConceptGrowthTab />
          </Tabs.Content>
          <Tabs.Content value="insights">
            <UserInsightsTab />
          </Tabs.Content>
        </div>
      </Tabs.Root>
    </FloatingPanel>
  )
}
