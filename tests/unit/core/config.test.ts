import { describe, it, expect, afterAll } from 'vitest'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { loadConfig } from '../../../src/core/config.js'
import { tempDir } from '../../helpers/temp-dir.js'

const tmp = tempDir('config-')
afterAll(tmp.cleanup)

describe('loadConfig', () => {
  it('layers defaults, data/config.json, environment and explicit input, later winning', () => {
    writeFileSync(join(tmp.path, 'config.json'), JSON.stringify({ ownerName: 'From File', siteName: 'File Site' }))
    const config = loadConfig(
      { dataDir: tmp.path, siteName: 'Explicit' },
      { BLOG_OWNER_NAME: 'From Env', BLOG_BASE_URL: 'https://essays.example.org/' },
    )
    expect(config).toMatchObject({
      ownerName: 'From Env',
      siteName: 'Explicit',
      baseUrl: 'https://essays.example.org',
      dataDir: tmp.path,
    })
  })

  it('says which file is broken and why', () => {
    writeFileSync(join(tmp.path, 'config.json'), '{bad')
    expect(() => loadConfig({ dataDir: tmp.path }, {})).toThrow(/config\.json is not valid JSON/)
  })

  it('rejects a base URL that is not http(s)', () => {
    expect(() => loadConfig({ dataDir: join(tmp.path, 'none'), baseUrl: 'ftp://x' }, {})).toThrow(/baseUrl/)
  })
})
