import { Box, Text } from 'ink'
import TextInput from 'ink-text-input'
import { useState } from 'react'
import { useKeys } from '../hooks/use-keys.js'

/** A one-line question (the folder to import, the filter): Enter answers, Esc cancels. */
export function PromptLine({
  label,
  initial = '',
  onChange,
  onDone,
}: {
  label: string
  initial?: string
  onChange?: (value: string) => void
  onDone: (value: string | null) => void
}) {
  const [value, setValue] = useState(initial)
  useKeys((_input, key) => {
    if (key.escape) onDone(null)
  })
  return (
    <Box>
      <Text color="cyan">{label} </Text>
      <TextInput
        value={value}
        onChange={(v) => {
          setValue(v)
          onChange?.(v)
        }}
        onSubmit={(v) => onDone(v)}
      />
    </Box>
  )
}
