import { Text } from 'ink'
import { KEYS } from '../keys.js'

/** Always on screen: the keys, and the last action's outcome above them. */
export function HelpLine({ status, width }: { status: string; width: number }) {
  return (
    <>
      <Text wrap="truncate-end" color="yellow">
        {status || ' '}
      </Text>
      <Text wrap="truncate-end" dimColor>
        {fitKeys(width)}
      </Text>
    </>
  )
}

function fitKeys(width: number): string {
  const full = KEYS.map((k) => `${k.key} ${k.label}`).join('  ')
  return full.length <= width ? full : KEYS.map((k) => k.key).join(' ')
}
