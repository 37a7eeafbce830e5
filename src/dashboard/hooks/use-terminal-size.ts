import { useStdout } from 'ink'
import { useEffect, useState } from 'react'

/** A stream without a size (a test's fake terminal) counts as 100×30. */
const measure = (stdout: NodeJS.WriteStream) => ({ columns: stdout.columns || 100, rows: stdout.rows || 30 })

/** The terminal's size, following resizes. */
export function useTerminalSize(): { columns: number; rows: number } {
  const { stdout } = useStdout()
  const [size, setSize] = useState(() => measure(stdout))
  useEffect(() => {
    const onResize = () => setSize(measure(stdout))
    stdout.on('resize', onResize)
    return () => void stdout.off('resize', onResize)
  }, [stdout])
  return size
}
