import { Text } from 'ink'
import type { PendingComment } from '../snapshot.js'
import { oneLine } from '../summary.js'
import { Pane } from './pane.js'

/** Subscribers, and comments waiting for the owner's approval. */
export function CommunityPane({
  subscribers,
  comments,
  width,
  height,
}: {
  subscribers: number
  comments: PendingComment[]
  width: number
  height: number
}) {
  return (
    <Pane title="Readers" width={width} height={height}>
      <Text wrap="truncate-end">Subscribers: {subscribers}</Text>
      <Text wrap="truncate-end">Comments waiting for approval: {comments.length}</Text>
      {comments.slice(0, Math.max(0, height - 5)).map((c) => (
        <Text key={c.id} wrap="truncate-end">
          {'  '}
          {c.name} on “{c.postTitle}”: {oneLine(c.text, 120)}
        </Text>
      ))}
    </Pane>
  )
}
