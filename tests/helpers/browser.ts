import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type BrowserContext, type Page } from 'playwright-core'

const SYSTEM_CHROMIUM = '/usr/bin/chromium'
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/**
 * Debian's Chromium (`apt-get install chromium`; .ci/run installs it), or the browser named by
 * CHROME_PATH. There is no bundled fallback: a Chromium shipped in an npm package weighed 67 MB
 * on every `npm ci` for the machines that lack one.
 */
function chromiumExecutable(): string {
  const path = process.env.CHROME_PATH || SYSTEM_CHROMIUM
  if (existsSync(path)) return path
  throw new Error(
    `The browser tests need Chromium and there is none at ${path}: install Debian's ` +
      '(`apt-get install -y --no-install-recommends chromium`) or set CHROME_PATH to a Chromium or Chrome.',
  )
}

export interface TestBrowser {
  context: BrowserContext
  /**
   * Closes the tabs a test opened (the first, blank one stays): a tab left open keeps running
   * its scripts (the comments, the job tracker's polling) while the next tests run.
   */
  closePages(): Promise<void>
  close(): Promise<void>
}

/** A headless browser with a fresh profile (playwright refuses --user-data-dir in args). */
export async function launchBrowser(viewport = { width: 1280, height: 900 }): Promise<TestBrowser> {
  const path = chromiumExecutable()
  const profile = mkdtempSync(join(tmpdir(), 'scholia-profile-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: path,
    headless: true,
    args: FLAGS,
    viewport,
  })
  const initial = new Set(context.pages())
  return {
    context,
    closePages: async () => {
      for (const page of context.pages()) if (!initial.has(page)) await page.close()
    },
    close: async () => {
      await context.close()
      rmSync(profile, { recursive: true, force: true })
    },
  }
}

/**
 * Waits until React has hydrated the page, so clicks are handled in the app: a form submitted
 * before that is a native GET of the same page, which drops the click on a busy machine.
 */
export async function hydrated(page: Page): Promise<void> {
  if ((await page.locator('script[type="module"]').count()) === 0) {
    throw new Error('The page has no client script: run `npm run build` before the browser tests.')
  }
  await page.waitForFunction(() => {
    const main = document.getElementById('main')
    return !!main && Object.keys(main).some((k) => k.startsWith('__reactFiber$'))
  })
}
