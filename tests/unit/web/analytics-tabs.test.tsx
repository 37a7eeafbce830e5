import { QueryClientProvider } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Router } from 'wouter'
import { discoveryKeys } from '../../../web/api/discovery.js'
import { createQueryClient } from '../../../web/api/query-client.js'
import { ArgumentQualityTab } from '../../../web/components/discovery/argument-quality-tab.js'
import { ConceptGrowthTab } from '../../../web/components/discovery/concept-growth-tab.js'
import { EssayLinksTab } from '../../../web/components/discovery/essay-links-tab.js'
import { ReadingPathSteps, SmartSidebar } from '../../../web/components/discovery/smart-sidebar.js'
import { UserInsightsTab } from '../../../web/components/discovery/user-insights-tab.js'

const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')

/** The analytics tabs load in the browser only; here each is rendered alone with its data seeded. */
function renderWith(node: ReactNode, queryKey: readonly unknown[], data: unknown): string {
  const client = createQueryClient()
  client.setQueryData(queryKey, data)
  return renderToString(
    <QueryClientProvider client={client}>
      <Router ssrPath="/posts/x">{node}</Router>
    </QueryClientProvider>,
  )
}

describe('Essay Analytics tabs (SPEC §9 limits, colours and labels)', () => {
  it('Argument Quality: the score with its label and colour, 3 evidence items and 2 weak points', () => {
    const html = renderWith(<ArgumentQualityTab postId={4} />, discoveryKeys.argumentStrength(4), {
      overallScore: 0.84,
      evidenceQuality: 0.93,
      logicalCoherence: 0.61,
      sourceDiversity: 0.2,
      supportingEvidence: ['e1', 'e2', 'e3', 'e4', 'e5'],
      weakPoints: ['w1', 'w2', 'w3'],
    })
    const t = text(html)
    expect(t).toContain('84 Strong Overall argument strength')
    expect(html).toMatch(/class="overall-score" data-tone="green"/)
    expect(t).toContain('Evidence quality 93% · Excellent')
    expect(t).toContain('Logical coherence 61% · Fair')
    expect(t).toContain('Source diversity 20% · Weak')
    expect(html.match(/data-tone="yellow"/g)).toHaveLength(1)
    expect(html.match(/data-tone="red"/g)).toHaveLength(1)
    expect(t).toContain('e1 e2 e3 +2 more')
    expect(t).not.toContain('e4')
    expect(t).toContain('w1 w2 +1 more')
    expect(t).not.toContain('w3')
  })

  it("Essay Links: 5 connections linking to the essays, then '+N more'", () => {
    const refs = Array.from({ length: 7 }, (_, i) => ({
      concept: `c${i}`,
      relationshipType: 'support',
      targetPostTitle: `Essay ${i}`,
      targetPostSlug: `essay-${i}`,
      strength: 0.5,
    }))
    const html = renderWith(<EssayLinksTab postId={4} />, discoveryKeys.crossReferences(4), refs)
    expect(html.match(/class="link-item"/g)).toHaveLength(5)
    expect(html).toContain('href="/posts/essay-4"')
    expect(html).not.toContain('essay-5')
    expect(text(html)).toContain('+2 more')
  })

  it('every number explains itself: the scores’ method and each link’s evidence are shown (issue 22)', () => {
    const strength = renderWith(<ArgumentQualityTab postId={4} />, discoveryKeys.argumentStrength(4), {
      overallScore: 0.84,
      evidenceQuality: 0.93,
      logicalCoherence: 0.61,
      sourceDiversity: 0.2,
      supportingEvidence: [],
      weakPoints: [],
      method: ['Overall 84% = 40% evidence + 35% coherence + 25% diversity.', 'Evidence 93%: 3 cited works.'],
    })
    expect(text(strength)).toContain(
      'How these scores are computed Overall 84% = 40% evidence + 35% coherence + 25% diversity. Evidence 93%: 3 cited works.',
    )
    const links = renderWith(<EssayLinksTab postId={4} />, discoveryKeys.crossReferences(4), [
      {
        concept: 'Convexity',
        relationshipType: 'support',
        targetPostTitle: 'Momentum',
        targetPostSlug: 'momentum',
        strength: 0.42,
        evidence: ['Both link to “Convexity”.', 'Strength: 42% text similarity (shared words and structure).'],
      },
    ])
    expect(text(links)).toContain(
      '42% Momentum Both link to “Convexity”. Strength: 42% text similarity (shared words and structure).',
    )
  })

  it('Concept Growth: 4 evolution items', () => {
    const items = Array.from({ length: 6 }, (_, i) => ({ concept: `concept ${i}`, description: `grew ${i}` }))
    const html = renderWith(<ConceptGrowthTab />, discoveryKeys.conceptEvolution(), items)
    expect(html.match(/class="evolution-item"/g)).toHaveLength(4)
    expect(text(html)).toContain('+2 more')
  })

  it('User Insights: 3 favourite topics and 2 engagement triggers', () => {
    const html = renderWith(<UserInsightsTab />, discoveryKeys.userInsights(), {
      readingPattern: {
        totalSessions: 12,
        averageSessionTime: 300,
        readingFrequency: 'weekly',
        mostActiveTimeOfDay: 'evening',
        attentionSpan: 'high',
      },
      topicPreferences: {
        favoriteTopics: ['t1', 't2', 't3', 't4'].map((topic, i) => ({ topic, engagement: 4 - i })),
        explorationPattern: 'focused',
      },
      cognitiveProfile: {
        preferredComplexity: 'advanced',
        learningStyle: 'analytical',
        engagementTriggers: ['g1', 'g2', 'g3'],
      },
      recommendations: ['read more'],
    })
    const t = text(html)
    expect(t).toContain('Sessions 12')
    expect(t).toContain('t1 t2 t3')
    expect(t).not.toContain('t4')
    expect(t).toContain('g1 g2')
    expect(t).not.toContain('g3')
  })

  it('says so when an analysis has nothing to show', () => {
    expect(text(renderWith(<EssayLinksTab postId={4} />, discoveryKeys.crossReferences(4), []))).toContain(
      'No links to other essays were found.',
    )
    expect(text(renderWith(<ConceptGrowthTab />, discoveryKeys.conceptEvolution(), { evolution: [] }))).toContain(
      'No concept has grown',
    )
  })
})

describe('the smart sidebar', () => {
  it('renders nothing on the server: it appears on large screens in the browser', () => {
    const html = renderWith(<SmartSidebar postId={4} />, discoveryKeys.sidebar(4), {
      continueReading: [{ id: 1, slug: 'a', title: 'A', excerpt: '', reason: '', relevanceScore: 1 }],
      conceptConnections: [],
      readingPaths: [],
      thematicCollections: [],
    })
    expect(html).toBe('')
  })

  it("lists a reading path's steps in their order, each saying why it stands there", () => {
    const t = text(
      renderToString(
        <Router ssrPath="/posts/x">
          <ReadingPathSteps
            essays={[
              { id: 2, slug: 'b', title: 'Momentum', order: 2, reason: 'Next in the contents of “Optimization”' },
              { id: 1, slug: 'a', title: 'Gradient Descent', order: 1, reason: 'Start here: first in the contents' },
            ]}
          />
        </Router>,
      ),
    ).trim()
    expect(t).toBe('Gradient Descent Start here: first in the contents Momentum Next in the contents of “Optimization”')
  })
})
