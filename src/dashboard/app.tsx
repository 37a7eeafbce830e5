import { Box, Text, useApp } from 'ink'
import { useEffect, useMemo, useState } from 'react'
import type { BlogEventBus } from '../core/events.js'
import type { DashboardActions } from './actions.js'
import type { ActivityLog } from './activity.js'
import type { Enhancement } from '../posts/enhancement-index.js'
import { useActivity } from './hooks/use-activity.js'
import { useKeys } from './hooks/use-keys.js'
import { useSnapshot } from './hooks/use-snapshot.js'
import { useTerminalSize } from './hooks/use-terminal-size.js'
import { layoutFor } from './layout.js'
import { filterPosts } from './post-list.js'
import type { PostRow, Snapshot } from './snapshot.js'
import { CommunityPane } from './panes/community-pane.js'
import { HelpLine } from './panes/help-line.js'
import { HelpScreen } from './panes/help-screen.js'
import { ImportsPane } from './panes/imports-pane.js'
import { JobsPane } from './panes/jobs-pane.js'
import { KindsPicker } from './panes/kinds-picker.js'
import { PostsPane } from './panes/posts-pane.js'
import { PromptLine } from './panes/prompt-line.js'

export interface DashboardProps {
  read: () => Promise<Snapshot>
  events: BlogEventBus
  activity: ActivityLog
  actions: DashboardActions
  refreshMs?: number
}

type Mode = 'browse' | 'filter' | 'import' | 'generate' | 'help'

export function Dashboard({ read, events, activity, actions, refreshMs }: DashboardProps) {
  const { exit } = useApp()
  const size = useTerminalSize()
  const { snapshot, error } = useSnapshot(read, events, refreshMs)
  const { runs, jobProgress } = useActivity(activity)
  const [mode, setMode] = useState<Mode>('browse')
  const [filter, setFilter] = useState('')
  const [cursor, setCursor] = useState(0)
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set())
  const [status, setStatus] = useState('')

  const all = snapshot?.posts ?? []
  const posts = useMemo(() => filterPosts(all, filter), [all, filter])
  const current = posts[Math.min(cursor, posts.length - 1)]
  // Posts come and go underneath (other processes): keep the cursor on the list, drop vanished selections.
  useEffect(() => setCursor((c) => Math.max(0, Math.min(c, posts.length - 1))), [posts.length])
  useEffect(() => {
    const ids = new Set(all.map((p) => p.id))
    setSelected((s) => ([...s].every((id) => ids.has(id)) ? s : new Set([...s].filter((id) => ids.has(id)))))
  }, [all])

  const targets = () => (selected.size > 0 ? all.filter((p) => selected.has(p.id)) : current ? [current] : [])
  const withPosts = (none: string, then: (chosen: PostRow[]) => void) => {
    const chosen = targets()
    if (chosen.length > 0) then(chosen)
    else setStatus(none)
  }
  const run = (work: Promise<string>) =>
    void work.then(setStatus, (e: unknown) => setStatus(`Error: ${e instanceof Error ? e.message : String(e)}`))
  const layout = layoutFor(size, mode === 'filter' || mode === 'import')

  useKeys(
    (input, key) => {
      if (mode === 'help') return setMode('browse')
      if (input === 'q' || (key.ctrl && input === 'c')) return exit()
      if (key.upArrow || input === 'k') setCursor((c) => Math.max(0, c - 1))
      else if (key.downArrow || input === 'j') setCursor((c) => Math.min(posts.length - 1, c + 1))
      else if (key.pageUp) setCursor((c) => Math.max(0, c - layout.pageSize))
      else if (key.pageDown) setCursor((c) => Math.min(posts.length - 1, c + layout.pageSize))
      else if (input === ' ' && current) setSelected((s) => toggled(s, current.id))
      else if (key.escape) {
        setFilter('')
        setSelected(new Set())
      } else if (input === '/') setMode('filter')
      else if (input === 'i') setMode('import')
      else if (input === '?') setMode('help')
      else if (input === 'g') withPosts('No post to generate for.', () => setMode('generate'))
      else if (input === 'p')
        withPosts('No post to publish.', (chosen) => run(actions.togglePublish(chosen.map((p) => p.id))))
      else if (input === 'o') withPosts('No post to open.', () => run(actions.openPost(current.slug)))
    },
    mode === 'browse' || mode === 'help',
  )

  const onGenerate = (kinds: Enhancement[] | null) => {
    setMode('browse')
    if (!kinds) return setStatus('Generation cancelled.')
    if (kinds.length === 0) return setStatus('No kind chosen: nothing generated.')
    const slugs = targets().map((p) => p.slug)
    setStatus(`Generating ${kinds.join(', ')} for ${slugs.length} post${slugs.length === 1 ? '' : 's'}…`)
    run(actions.generate(slugs, kinds))
  }
  const onImport = (path: string | null) => {
    setMode('browse')
    if (!path?.trim()) return setStatus('Import cancelled.')
    setStatus(`Importing ${path.trim()}…`)
    run(actions.importFolder(path.trim()))
  }

  if (!snapshot) return <Text>{error ? `Could not read the data folder: ${error}` : 'Reading the data folder…'}</Text>
  return (
    <Box flexDirection="column" width={size.columns} height={layout.height}>
      {mode === 'help' ? (
        <HelpScreen width={size.columns} />
      ) : mode === 'generate' ? (
        <KindsPicker posts={describe(targets().map((p) => p.title))} width={size.columns} onDone={onGenerate} />
      ) : (
        <Box flexDirection={layout.wide ? 'row' : 'column'}>
          <PostsPane
            posts={posts}
            total={all.length}
            cursor={cursor}
            selected={selected}
            filter={filter}
            width={layout.posts.width}
            height={layout.posts.height}
          />
          <Box flexDirection="column">
            <JobsPane
              jobs={snapshot.jobs}
              progress={jobProgress}
              runs={runs.filter((r) => r.kind === 'generate')}
              {...layout.jobs}
            />
            <CommunityPane
              subscribers={snapshot.subscribers}
              comments={snapshot.pendingComments}
              {...layout.community}
            />
            <ImportsPane
              runs={runs.filter((r) => r.kind === 'import')}
              recent={snapshot.recentImports}
              {...layout.imports}
            />
          </Box>
        </Box>
      )}
      {mode === 'filter' ? (
        <PromptLine
          label="Filter posts:"
          initial={filter}
          onChange={setFilter}
          onDone={(v) => (setFilter(v ?? ''), setMode('browse'))}
        />
      ) : null}
      {mode === 'import' ? <PromptLine label="Import folder or file:" onDone={onImport} /> : null}
      <HelpLine status={error ? `Could not read the data folder: ${error}` : status} width={size.columns} />
    </Box>
  )
}

function toggled(set: ReadonlySet<number>, id: number): ReadonlySet<number> {
  const next = new Set(set)
  if (next.has(id)) next.delete(id)
  else next.add(id)
  return next
}

function describe(titles: string[]): string {
  return titles.length === 1 ? `“${titles[0]}”` : `${titles.length} posts`
}
