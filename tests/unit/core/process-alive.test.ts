import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { processAlive } from '../../../src/core/process-alive.js'

describe('processAlive', () => {
  it('sees this process running', () => {
    expect(processAlive(process.pid)).toBe(true)
  })

  it('sees a finished process gone, so its lock or note counts for nothing', () => {
    const child = spawnSync(process.execPath, ['-e', '0'])
    expect(child.pid).toBeGreaterThan(0)
    expect(processAlive(child.pid!)).toBe(false)
  })
})
