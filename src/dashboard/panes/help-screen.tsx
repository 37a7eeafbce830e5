import { Box, Text } from 'ink'
import { KEYS } from '../keys.js'
import { Pane } from './pane.js'

export function HelpScreen({ width }: { width: number }) {
  return (
    <Pane title="Keys (any key closes this help)" width={width} active>
      {KEYS.map((k) => (
        <Box key={k.key}>
          <Text bold>{k.key.padEnd(7)}</Text>
          <Text wrap="truncate-end">{k.help}</Text>
        </Box>
      ))}
      <Text> </Text>
      <Text dimColor wrap="wrap">
        Columns: live = published; ★ = featured; A B S M I = annotations, bibliography, summary, models, images. The
        dashboard follows changes made by other Scholia processes on the same data folder.
      </Text>
    </Pane>
  )
}
