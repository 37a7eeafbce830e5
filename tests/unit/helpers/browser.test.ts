import { afterEach, describe, expect, it, vi } from 'vitest'
import { launchBrowser } from '../../helpers/browser.js'

afterEach(() => {
  vi.unstubAllEnvs()
})

describe('the browser launcher', () => {
  it('says how to get Chromium when there is none, instead of falling back to a bundled one', async () => {
    vi.stubEnv('CHROME_PATH', '/nonexistent/chromium')
    await expect(launchBrowser()).rejects.toThrow(
      /need Chromium and there is none at \/nonexistent\/chromium: install Debian's .*apt-get install -y --no-install-recommends chromium.* or set CHROME_PATH/,
    )
  })
})
