import { Box, Text } from 'ink'
import { ENHANCEMENTS } from '../../posts/enhancement-index.js'
import { visibleWindow } from '../post-list.js'
import type { PostRow } from '../snapshot.js'
import { fitColumn } from '../../terminal/text-fit.js'
import { Pane } from './pane.js'

export interface PostsPaneProps {
  posts: PostRow[]
  total: number
  cursor: number
  selected: ReadonlySet<number>
  filter: string
  width: number
  height: number
}

/** Letters for the enhancement columns: Annotations, Bibliography, Summary, Models, Images. */
const LETTER = { annotations: 'A', bibliography: 'B', summary: 'S', models: 'M', images: 'I' } as const

export function PostsPane({ posts, total, cursor, selected, filter, width, height }: PostsPaneProps) {
  // Border, title and column header take four rows.
  const room = Math.max(1, height - 4)
  const { start, end } = visibleWindow(posts.length, cursor, room)
  // Cursor, selection, status and star (12), read time and enhancement letters (13), border and padding (4).
  const titleWidth = Math.max(10, width - 29)
  const heading = `Posts ${filter ? `${posts.length} of ${total}, filter "${filter}"` : total}${selected.size ? ` · ${selected.size} selected` : ''}`
  return (
    <Pane title={heading} width={width} height={height} active>
      <Text dimColor wrap="truncate-end">
        {'   status ★ '}
        {'title'.padEnd(titleWidth)} {'read'.padStart(6)} {ENHANCEMENTS.map((e) => LETTER[e]).join('')}
      </Text>
      {posts.length === 0 ? (
        <Text dimColor>
          {total === 0
            ? 'No posts yet: press i to import a folder of essays.'
            : 'No post matches the filter (Esc clears it).'}
        </Text>
      ) : null}
      {posts.slice(start, end).map((p, i) => {
        const at = start + i
        return (
          <Box key={p.id}>
            <Text inverse={at === cursor} wrap="truncate-end">
              {at === cursor ? '›' : ' '}
              {selected.has(p.id) ? '◉ ' : '  '}
              <Text color={p.status === 'published' ? 'green' : 'yellow'}>
                {p.status === 'published' ? 'live   ' : 'draft  '}
              </Text>
              {p.featured ? '★ ' : '  '}
              {fitColumn(p.title, titleWidth)} {`${p.readTime} min`.padStart(6)}{' '}
              {ENHANCEMENTS.map((e) => (p.enhancements.includes(e) ? LETTER[e] : '·')).join('')}
            </Text>
          </Box>
        )
      })}
    </Pane>
  )
}
