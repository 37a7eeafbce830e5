import { Box, Text } from 'ink'
import { useState } from 'react'
import { ENHANCEMENTS, type Enhancement } from '../../posts/enhancement-index.js'
import { useKeys } from '../hooks/use-keys.js'
import { Pane } from './pane.js'

/** What `blog generate` makes when no kind is named: everything but images. */
const DEFAULT: Enhancement[] = ['annotations', 'bibliography', 'summary', 'models']

/** Choose the kinds to generate: ↑↓ move, space toggles, Enter runs, Esc cancels. */
export function KindsPicker({
  posts,
  width,
  onDone,
}: {
  posts: string
  width: number
  onDone: (kinds: Enhancement[] | null) => void
}) {
  const [cursor, setCursor] = useState(0)
  const [chosen, setChosen] = useState<ReadonlySet<Enhancement>>(new Set(DEFAULT))
  useKeys((input, key) => {
    if (key.escape) return onDone(null)
    if (key.return) return onDone(ENHANCEMENTS.filter((k) => chosen.has(k)))
    if (key.upArrow || input === 'k') setCursor((c) => Math.max(0, c - 1))
    if (key.downArrow || input === 'j') setCursor((c) => Math.min(ENHANCEMENTS.length - 1, c + 1))
    if (input === ' ') {
      const kind = ENHANCEMENTS[cursor]
      setChosen((s) => {
        const next = new Set(s)
        if (next.has(kind)) next.delete(kind)
        else next.add(kind)
        return next
      })
    }
  })
  return (
    <Pane title={`Generate for ${posts}: space toggles, Enter starts, Esc cancels`} width={width} active>
      {ENHANCEMENTS.map((kind, i) => (
        <Box key={kind}>
          <Text inverse={i === cursor}>
            {chosen.has(kind) ? '[x] ' : '[ ] '}
            {kind}
          </Text>
        </Box>
      ))}
    </Pane>
  )
}
