import { BookOpen, ChevronRight, Layers, Lightbulb, Route } from 'lucide-react'
import { Collapsible } from 'radix-ui'
import type { ReactNode } from 'react'
import { Link } from 'wouter'
import type { SmartSidebar as SidebarData } from '../../../src/shared/schemas/discovery.js'
import { useSmartSidebar } from '../../api/discovery.js'
import { postHref } from '../../lib/post-href.js'
import { useWideScreen } from './use-wide-screen.js'

interface SectionProps {
  title: string
  icon: ReactNode
  count: number
  defaultOpen?: boolean
  children: ReactNode
}

/** One collapsible section; SPEC §4: all start collapsed except Continue Reading. */
function Section({ title, icon, count, defaultOpen = false, children }: SectionProps) {
  return (
    <Collapsible.Root className="smart-section" defaultOpen={defaultOpen}>
      <h3 className="smart-section__heading">
        <Collapsible.Trigger className="smart-section__trigger">
          <span className="smart-section__icon" aria-hidden="true">
            {icon}
          </span>
          <span className="smart-section__title">{title}</span>
          <span className="smart-section__count" aria-label={`${count} ${count === 1 ? 'item' : 'items'}`}>
            {count}
          </span>
          <ChevronRight size={15} aria-hidden="true" className="smart-section__chevron" />
        </Collapsible.Trigger>
      </h3>
      <Collapsible.Content className="smart-section__content">{children}</Collapsible.Content>
    </Collapsible.Root>
  )
}

const DIFFICULTY: Record<string, string> = { beginner: 'Beginner', intermediate: 'Intermediate', advanced: 'Advanced' }

function EssayLink({ slug, title }: { slug: string; title: string }) {
  return (
    <Link href={postHref(slug)} className="smart-link">
      {title}
    </Link>
  )
}

/** The essays under a concept or a collection, each a link. */
function EssayList({ essays }: { essays: Array<{ id: number; slug: string; title: string }> }) {
  return (
    <ul className="smart-sublist">
      {essays.map((e) => (
        <li key={e.id}>
          <EssayLink slug={e.slug} title={e.title} />
        </li>
      ))}
    </ul>
  )
}

/**
 * A reading path's steps in order, each saying why it stands where it does (the link it builds
 * on, its place in the site's contents, its level): the order explains itself.
 */
export function ReadingPathSteps({
  essays,
}: {
  essays: Array<{ id: number; slug: string; title: string; order: number; reason: string }>
}) {
  return (
    <ol className="smart-path__steps">
      {[...essays]
        .sort((a, b) => a.order - b.order)
        .map((e) => (
          <li key={e.id}>
            <EssayLink slug={e.slug} title={e.title} />
            {e.reason && <p className="smart-note">{e.reason}</p>}
          </li>
        ))}
    </ol>
  )
}

/** What the sidebar lists, each list read leniently: a section with nothing in it is left out. */
function sections(data: SidebarData) {
  return {
    continueReading: data.continueReading ?? [],
    concepts: (data.conceptConnections ?? []).filter((c) => (c.relatedEssays ?? []).length > 0),
    paths: (data.readingPaths ?? []).filter((p) => (p.essays ?? []).length > 0),
    collections: (data.thematicCollections ?? []).filter((c) => (c.essays ?? []).length > 0),
  }
}

/**
 * SPEC §2 smart sidebar, in the post page's left sidebar (large screens only): Continue
 * Reading (open), Key Concepts, Reading Paths and Collections (collapsed). Nothing is shown
 * while it loads, when it fails, or when it has nothing to suggest.
 */
export function SmartSidebar({ postId }: { postId: number }) {
  const wide = useWideScreen()
  const { data } = useSmartSidebar(postId, wide)
  if (!wide || !data || typeof data !== 'object') return null
  const { continueReading, concepts, paths, collections } = sections(data)
  if (continueReading.length + concepts.length + paths.length + collections.length === 0) return null
  return (
    <nav className="smart-sidebar" aria-label="Further reading">
      {continueReading.length > 0 && (
        <Section title="Continue Reading" icon={<BookOpen size={15} />} count={continueReading.length} defaultOpen>
          <ul className="smart-list">
            {continueReading.map((e) => (
              <li key={e.id}>
                <EssayLink slug={e.slug} title={e.title} />
                {e.reason && <p className="smart-note">{e.reason}</p>}
              </li>
            ))}
          </ul>
        </Section>
      )}
      {concepts.length > 0 && (
        <Section title="Key Concepts" icon={<Lightbulb size={15} />} count={concepts.length}>
          <ul className="smart-list">
            {concepts.map((c) => (
              <li key={c.concept}>
                <p className="smart-concept">{c.concept}</p>
                <EssayList essays={c.relatedEssays} />
              </li>
            ))}
          </ul>
        </Section>
      )}
      {paths.length > 0 && (
        <Section title="Reading Paths" icon={<Route size={15} />} count={paths.length}>
          <ul className="smart-list">
            {paths.map((p) => (
              <li key={p.id}>
                <p className="smart-path__title">{p.title}</p>
                <p className="smart-path__meta">
                  <span className={`difficulty difficulty--${p.difficulty}`}>
                    {DIFFICULTY[p.difficulty] ?? p.difficulty}
                  </span>
                  <span>{`${Math.max(1, Math.round(p.totalReadTime))} min in all`}</span>
                </p>
                {p.description && <p className="smart-note">{p.description}</p>}
                <ReadingPathSteps essays={p.essays} />
              </li>
            ))}
          </ul>
        </Section>
      )}
      {collections.length > 0 && (
        <Section title="Collections" icon={<Layers size={15} />} count={collections.length}>
          <ul className="smart-list">
            {collections.map((c) => (
              <li key={c.theme}>
                <p className="smart-concept">
                  {c.theme}{' '}
                  <span className="smart-note--inline">{`· ${c.totalEssays} ${c.totalEssays === 1 ? 'essay' : 'essays'}`}</span>
                </p>
                <EssayList essays={c.essays} />
              </li>
            ))}
          </ul>
        </Section>
      )}
    </nav>
  )
}
