import { Box, Text } from 'ink'
import type { ReactNode } from 'react'

/** A bordered box with a title: every pane of the dashboard looks the same. */
export function Pane({
  title,
  width,
  height,
  children,
  active = false,
}: {
  title: string
  width?: number | string
  height?: number
  children: ReactNode
  active?: boolean
}) {
  return (
    <Box
      flexDirection="column"
      borderStyle="round"
      borderColor={active ? 'cyan' : 'gray'}
      width={width}
      height={height}
      paddingX={1}
      overflow="hidden"
    >
      <Text bold color={active ? 'cyan' : undefined} wrap="truncate-end">
        {title}
      </Text>
      {children}
    </Box>
  )
}
