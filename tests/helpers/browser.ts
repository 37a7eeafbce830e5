import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
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
 * Debian's Chromium when it is installed (CI installs it); otherwise the Chromium that ships
 * inside the @sparticuz/chromium npm tarball, so `npm test` also runs on a machine without it.
 * Outside AWS that package only unpacks its libraries when AWS_LAMBDA_JS_RUNTIME is set before
 * it is imported, and it needs a fonts.conf naming its bundled fonts (STACK.md).
 */
async function chromiumExecutable(): Promise<{ path: string; extraArgs: string[] }> {
  if (process.env.SCHOLIA_BUNDLED_CHROMIUM !== '1' && existsSync(SYSTEM_CHROMIUM)) return { path: SYSTEM_CHROMIUM, extraArgs: [] }
  process.env.AWS_LAMBDA_JS_RUNTIME ??= 'nodejs20.x'
  const fontsConfDir = join(tmpdir(), 'scholia-fontconfig')
  mkdirSync(fontsConfDir, { recursive: true })
  writeFileSync(
    join(fontsConfDir, 'fonts.conf'),
    `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig><dir>${join(tmpdir(), 'fonts')}</dir><cachedir>${join(tmpdir(), 'fonts-cache')}</cachedir></fontconfig>\n`,
  )
  process.env.FONTCONFIG_PATH = fontsConfDir
  const { default: bundled } = await import('@sparticuz/chromium')
  return { path: await bundled.executablePath(), extraArgs: ['--single-process'] }
}

export interface TestBrowser {
  context: BrowserContext
  close(): Promise<void>
}

/** A headless browser with a fresh profile (playwright refuses --user-data-dir in args). */
export async function launchBrowser(viewport = { width: 1280, height: 900 }): Promise<TestBrowser> {
  const { path, extraArgs } = await chromiumExecutable()
  const profile = mkdtempSync(join(tmpdir(), 'scholia-profile-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: path,
    headless: true,
    args: [...FLAGS, ...extraArgs],
    viewport,
  })
  return {
    context,
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
