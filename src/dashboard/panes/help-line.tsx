import { Text } from 'ink'
import { keysLines } from '../keys.js'

/** Always on screen: the last action's outcome, and the keys below it. */
export function HelpLine({ status, width }: { status: string; width: number }) {
  return (
    <>
      <Text wrap="truncate-end" color="yellow">
        {status || ' '}
      </Text>
      {keysLines(width).map((line) => (
        <Text key={line} wrap="truncate-end" dimColor>
          {line}
        </Text>
      ))}
    </>
  )
}
