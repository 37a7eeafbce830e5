import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { includeReaderFor } from '../../../src/importer/assets/include-context.js'

describe('includeReaderFor', () => {
  const base = mkdtempSync(join(tmpdir(), 'scholia-include-'))
  const root = join(base, 'book')
  mkdirSync(join(root, 'chapters'), { recursive: true })
  writeFileSync(join(root, 'chapters', 'part.md'), 'Part text.')
  writeFileSync(join(root, 'shared.md'), 'Shared text.')
  writeFileSync(join(base, 'secret.txt'), 'secret')
  const read = includeReaderFor({ path: join(root, 'chapters', 'essay.md'), text: '', mtime: new Date(), root })

  it('reads files relative to the essay and to the site root', () => {
    expect(read?.('part.md')).toBe('Part text.')
    expect(read?.('/shared.md')).toBe('Shared text.')
  })

  it('never reads outside the site, nor what is not there, and remembers what it looked for', () => {
    expect(read?.('../../secret.txt')).toBeNull()
    expect(read?.('missing.md')).toBeNull()
    expect(read?.('https://example.org/x.md')).toBeNull()
    expect([...(read?.looked ?? [])].some((p) => p.endsWith('missing.md'))).toBe(true)
  })
})
