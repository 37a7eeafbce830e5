import { describe, it, expect, beforeAll, afterAll, afterEach } from 'vitest'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { OWNER } from '../../src/auth/auth-service.js'
import { servedBlog } from '../helpers/blog.js'
import { launchBrowser, type TestBrowser } from '../helpers/browser.js'
import { projectRoot, tempDir } from '../helpers/temp-dir.js'

const shots = join(projectRoot, 'tests', 'e2e', 'screenshots')
const SLUG = 'measures-of-uncertainty'
const TITLE = 'Measures of Uncertainty'
let ctx: Awaited<ReturnType<typeof servedBlog>>
let browser: TestBrowser
let essays: ReturnType<typeof tempDir>

// ---- an essay long enough for a scrolling table of contents, with every reading aid ----

const SECTIONS: [string, string][] = [
  [
    'Entropy',
    'The entropy of a distribution is the average surprise of its outcomes: $H(X) = -\\sum_i p_i \\log_2 p_i$. A fair coin carries exactly one bit, and no coin carries more.',
  ],
  [
    'Units and bases',
    'Measured with base-two logarithms the unit is the bit; with natural logarithms it is the nat. The choice changes numbers, never conclusions.',
  ],
  [
    'Variance',
    'Variance measures spread around the mean, $\\operatorname{Var}(X) = \\mathbb{E}[(X-\\mu)^2]$. It is the second central moment and the square of the standard deviation.',
  ],
  [
    'When variance misleads',
    'Two distributions with the same variance can differ wildly in shape. A bimodal distribution and a uniform one may share a variance and little else.',
  ],
  [
    'Relative entropy',
    'The Kullback–Leibler divergence measures how one distribution differs from a reference. It is not symmetric, and so it is not a distance in the strict sense.',
  ],
  [
    'Mutual information',
    'Mutual information is the entropy two variables share: how much knowing one reduces uncertainty about the other.',
  ],
  [
    'Channels',
    'Shannon framed communication as the passage of symbols through a noisy channel, and asked how fast information can pass without error.',
  ],
  [
    'Capacity',
    'The capacity of a channel is the greatest mutual information between its input and output, taken over every input distribution.',
  ],
  [
    'Coding',
    'Source coding removes redundancy; channel coding adds it back, carefully, so that errors can be found and mended.',
  ],
  [
    'Estimation',
    'The Cramér–Rao bound ties the variance of an unbiased estimator to the Fisher information of the model.',
  ],
  [
    'Fisher information',
    'Fisher information measures the curvature of the log-likelihood: a sharply curved likelihood pins a parameter down.',
  ],
  [
    'Priors',
    'A prior belief, updated by evidence, becomes a posterior. Maximum entropy priors assume as little as the constraints allow.',
  ],
  [
    'Closing remarks',
    'Each measure answers a different question. The craft lies in knowing which question is being asked.',
  ],
]

function essayMarkdown(): string {
  const body = SECTIONS.map(
    ([h, p], i) =>
      `## ${h}\n\n${p}\n\n${i % 4 === 1 ? `### A worked case\n\nSuppose the outcomes are equally likely. Then the sum collapses and $H = \\log_2 n$, which grows slowly with $n$.\n\n` : ''}${
        i === 2 ? '$$\n\\sigma^2 = \\frac{1}{n}\\sum_{i=1}^{n} (x_i - \\bar x)^2\n$$\n\n' : ''
      }`,
  ).join('')
  return `---
title: "${TITLE}"
date: 2025-05-02
author: Ada Lovelace
tags: [probability, information theory]
description: Entropy, variance and divergence, and the different questions each of them answers.
---

Uncertainty has many measures, and each answers its own question. This essay compares three of them: entropy, variance and divergence.

${body}`
}

const ANNOTATIONS = [
  {
    type: 'definition',
    targetText: 'entropy',
    annotation: 'The expected value of the information content of a random variable.',
    category: 'Information theory',
    priority: 1,
  },
  {
    type: 'example',
    targetText: 'A fair coin',
    annotation: 'Two outcomes, each with probability one half: H = 1 bit.',
    category: 'Worked example',
    priority: 2,
  },
  {
    type: 'context',
    targetText: 'Shannon',
    annotation: 'Claude Shannon founded information theory in 1948.',
    category: 'History',
    priority: 2,
  },
  {
    type: 'elaboration',
    targetText: 'second central moment',
    annotation: 'The expectation of the squared deviation from the mean.',
    category: 'Statistics',
    priority: 3,
  },
  {
    type: 'connection',
    targetText: 'Kullback–Leibler divergence',
    annotation: 'Mutual information is the divergence of a joint distribution from the product of its marginals.',
    category: 'Links',
    priority: 3,
  },
  {
    type: 'definition',
    targetText: 'a phrase that is nowhere',
    annotation: 'Never shown.',
    category: 'x',
    priority: 5,
  },
]

const BIBLIOGRAPHY = {
  introduction: 'The works below introduce the measures discussed and the theory around them.',
  entries: [
    {
      id: 'shannon',
      type: 'journal',
      authors: ['Claude E. Shannon'],
      year: 1948,
      title: 'A Mathematical Theory of Communication',
      publication: 'Bell System Technical Journal',
      volume: '27',
      issue: '3',
      pages: '379-423',
      doi: '10.1002/j.1538-7305.1948.tb01338.x',
      relevance: 'The paper that defined entropy for communication.',
      quote:
        'The fundamental problem of communication is that of reproducing at one point a message selected at another point.',
    },
    {
      id: 'cover',
      type: 'book',
      authors: ['Thomas M. Cover', 'Joy A. Thomas'],
      year: 2006,
      title: 'Elements of Information Theory',
      publication: 'Wiley',
      isbn: '978-0-471-24195-9',
      relevance: 'The standard textbook.',
    },
    {
      id: 'kl',
      type: 'article',
      authors: ['S. Kullback', 'R. A. Leibler'],
      year: 1951,
      title: 'On Information and Sufficiency',
      publication: 'Annals of Mathematical Statistics',
      volume: '22',
      pages: '79-86',
    },
    {
      id: 'web',
      type: 'website',
      authors: [],
      year: 2024,
      title: 'Entropy (information theory)',
      publication: 'Wikipedia',
      url: 'https://en.wikipedia.org/wiki/Entropy_(information_theory)',
    },
    {
      id: 'research',
      type: 'research',
      authors: ['A. Author', 'B. Author', 'C. Author', 'D. Author'],
      year: '2019',
      title: 'Estimating entropy from small samples',
      publication: 'arXiv',
      url: 'https://arxiv.org/abs/1234.5678',
    },
  ],
  furtherReading: [
    'David MacKay, Information Theory, Inference, and Learning Algorithms',
    'E. T. Jaynes, Probability Theory: The Logic of Science',
  ],
}

const MODEL = {
  field: 'Information theory',
  abstract:
    'Uncertainty of a discrete source is modelled by its entropy, with variance as a second, scale-dependent summary.',
  variables: [
    {
      symbol: 'H(X)',
      name: 'Entropy',
      description: 'Average information per outcome',
      unit: 'bits',
      range: '[0, \\log_2 n]',
      measurability: 'indirect',
    },
    {
      symbol: 'p_i',
      name: 'Outcome probability',
      description: 'Probability of outcome i',
      unit: 'none',
      range: '[0, 1]',
      measurability: 'direct',
    },
    {
      symbol: '\\sigma^2',
      name: 'Variance',
      description: 'Spread around the mean',
      unit: 'squared units',
      range: '[0, \\infty)',
      measurability: 'direct',
    },
  ],
  equations: [
    {
      name: 'Shannon entropy',
      equation: 'H(X) = -\\sum_{i=1}^{n} p_i \\log_2 p_i',
      description: 'Average surprise of the source.',
    },
    { name: 'Variance', equation: '\\sigma^2 = \\mathbb{E}[(X-\\mu)^2]', description: 'Second central moment.' },
    { name: 'KL divergence', equation: 'D(P\\|Q) = \\sum_i p_i \\log \\frac{p_i}{q_i}', description: '' },
    { name: 'Mutual information', equation: 'I(X;Y) = H(X) - H(X\\mid Y)', description: '' },
  ],
  systemDynamics: '\\frac{dH}{dt} = -\\sum_i \\dot p_i \\log p_i',
  validation: {
    reliability: 'medium',
    strengths: [
      'Grounded in the essay’s own formulas',
      'Units are explicit',
      'Measures are comparable',
      'A fourth strength',
    ],
    limitations: [
      'Discrete sources only',
      'Assumes known probabilities',
      'Ignores estimation error',
      'A fourth limitation',
    ],
    validationMethods: ['Compare with empirical frequencies', 'Check bounds on small cases', 'A third method'],
  },
  practicalApplications: ['Compression budgets', 'Sensor placement', 'A third application'],
}

const SUMMARY =
  'Entropy, variance and divergence each measure uncertainty, but they answer different questions.\n\nEntropy counts surprise; variance measures spread on a scale; divergence compares two beliefs.'

const postId = (slug: string) => ctx.blog.store.postBySlug(slug)!.id

async function enhance(slug: string, body: Record<string, string | null>, meta: Record<string, unknown> = {}) {
  await ctx.blog.store.transact((tx) => tx.update(postId(slug), meta, body))
}

beforeAll(async () => {
  mkdirSync(shots, { recursive: true })
  ctx = await servedBlog()
  essays = tempDir('post-page-')
  writeFileSync(join(essays.path, `${SLUG}.md`), essayMarkdown())
  await ctx.blog.importer.importPaths([essays.path])
  await enhance(SLUG, {
    annotations: JSON.stringify(ANNOTATIONS),
    bibliography: JSON.stringify(BIBLIOGRAPHY),
    mathematicalModel: JSON.stringify(MODEL),
    summary: SUMMARY,
  })
  await ctx.blog.auth.createAdmin({ username: 'ada', password: 'admin-pass' }, OWNER)
  browser = await launchBrowser()
}, 120_000)

// Each test's tabs close after it, so they do not keep running beside the next tests.
afterEach(() => browser?.closePages())
afterAll(async () => {
  await browser?.close()
  await ctx?.cleanup()
  essays?.cleanup()
})

/** A fresh tab as a signed-out reader; page errors and unexpected console errors are collected. */
async function readerPage(errors: string[] = []): Promise<Page> {
  await browser.context.clearCookies()
  const page = await browser.context.newPage()
  page.on('pageerror', (e) => errors.push(e.message))
  // 401 tells a guest apart; 404 is the missing banner; 429 is the rate-limit test.
  page.on('console', (m) => m.type() === 'error' && !/status of (401|404|429)/.test(m.text()) && errors.push(m.text()))
  return page
}

async function open(page: Page, slug = SLUG) {
  await page.goto(`${ctx.server.url}/posts/${slug}`)
  await page.getByRole('heading', { level: 1 }).first().waitFor()
  // The comments (client-only) load once the reader nears them: go down to them as a reader
  // would, until they have loaded or failed (so the page is hydrated), then back to the top.
  await page.locator('.comments').scrollIntoViewIfNeeded()
  await page.locator('.comments__loading').waitFor({ state: 'detached' })
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }))
}

async function toastText(page: Page, title: string): Promise<string> {
  const el = page.locator('.toast').filter({ has: page.locator('.toast__title', { hasText: title }) })
  await el.waitFor({ timeout: 10_000 })
  return (await el.textContent()) ?? ''
}

async function signInAsAdmin(page: Page) {
  const res = await page.request.post(`${ctx.server.url}/api/auth/login`, {
    data: { username: 'ada', password: 'admin-pass' },
  })
  expect(res.ok()).toBe(true)
}

const noHorizontalScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

describe('the post page', () => {
  it('shows the header, share links, summary, bibliography and table of contents, server-rendered', async () => {
    const res = await fetch(`${ctx.server.url}/posts/${SLUG}`)
    const html = await res.text()
    expect(res.status).toBe(200)
    for (const text of [
      TITLE,
      'Ada Lovelace',
      'Summary',
      'Bibliography and References',
      'Show Annotations',
      'Mathematical Model',
      'Table of Contents',
      'Elements of Information Theory',
    ]) {
      expect(html, text).toContain(text)
    }

    const errors: string[] = []
    const page = await readerPage(errors)
    await open(page)
    const header = page.locator('.post-header')
    expect(await header.locator('time').textContent()).toBe('May 2, 2025')
    expect(await header.textContent()).toContain('min read')
    expect(await header.getByRole('link', { name: 'information theory' }).getAttribute('href')).toBe(
      '/?search=information+theory',
    )

    const canonical = `${ctx.blog.config.baseUrl}/posts/${SLUG}`
    const share = page.getByRole('group', { name: 'Share this post' })
    for (const [name, start] of [
      ['Share on Twitter (opens in a new tab)', 'https://twitter.com/intent/tweet?'],
      ['Share on LinkedIn (opens in a new tab)', 'https://www.linkedin.com/sharing/share-offsite/?'],
      ['Share on Facebook (opens in a new tab)', 'https://www.facebook.com/sharer/sharer.php?'],
    ] as const) {
      const link = share.getByRole('link', { name })
      const href = (await link.getAttribute('href'))!
      expect(href.startsWith(start), name).toBe(true)
      expect(href).toContain(encodeURIComponent(canonical))
      expect(await link.getAttribute('target')).toBe('_blank')
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer')
    }

    const summary = page.getByRole('region', { name: 'Summary' })
    expect(await summary.locator('p').count()).toBe(2)

    const bib = page.getByRole('region', { name: 'Bibliography and References' })
    expect(await bib.textContent()).toContain(BIBLIOGRAPHY.introduction)
    const refs = bib.locator('.reference')
    expect(await refs.count()).toBe(5)
    expect(await refs.nth(0).locator('.reference__citation').textContent()).toContain(
      'Bell System Technical Journal, 27(3), 379–423.',
    )
    expect(await bib.getByRole('link', { name: /doi\.org\/10\.1002/ }).getAttribute('href')).toBe(
      'https://doi.org/10.1002/j.1538-7305.1948.tb01338.x',
    )
    expect(await refs.nth(1).textContent()).toContain('ISBN 978-0-471-24195-9')
    expect(await bib.getByRole('link', { name: /en\.wikipedia\.org/ }).getAttribute('target')).toBe('_blank')
    expect(await refs.nth(0).locator('blockquote').textContent()).toContain('The fundamental problem of communication')
    expect(await refs.nth(4).textContent()).toContain('A. Author et al. (2019)')
    expect(await bib.getByRole('heading', { name: 'Further Reading' }).isVisible()).toBe(true)

    const toc = page.getByRole('navigation', { name: 'Table of Contents' })
    expect(await toc.getByRole('button', { name: 'Table of Contents' }).getAttribute('aria-expanded')).toBe('true')
    expect(await toc.locator('.toc__list--scroll').count()).toBe(1)
    const top = await toc
      .getByRole('link', { name: 'Units and bases' })
      .evaluate((el) => parseFloat(getComputedStyle(el).paddingLeft))
    const nested = await toc
      .getByRole('link', { name: 'A worked case' })
      .first()
      .evaluate((el) => parseFloat(getComputedStyle(el).paddingLeft))
    expect(nested).toBeGreaterThan(top)
    expect(errors).toEqual([])
  }, 60_000)

  it('marks the section being read in the table of contents and scrolls there smoothly', async () => {
    const page = await readerPage()
    await open(page)
    const toc = page.getByRole('navigation', { name: 'Table of Contents' })
    const link = toc.getByRole('link', { name: 'Channels' })
    await link.click()
    await page.waitForFunction(
      () => document.querySelector('a.toc__link[href="#channels"]')?.getAttribute('aria-current') === 'location',
    )
    expect(await toc.locator('[aria-current="location"]').count()).toBe(1)
    expect(page.url()).toContain('#channels')
    const top = await page.locator('#channels').evaluate((el) => el.getBoundingClientRect().top)
    expect(top).toBeGreaterThanOrEqual(0)
    expect(top).toBeLessThan(200)
    // scrolling back up moves the mark
    await page.evaluate(() => document.getElementById('entropy')!.scrollIntoView({ block: 'start' }))
    await page.waitForFunction(
      () => document.querySelector('a.toc__link[href="#entropy"]')?.getAttribute('aria-current') === 'location',
    )
    // collapsible
    await toc.getByRole('button', { name: 'Table of Contents' }).click()
    expect(await toc.locator('ol').isHidden()).toBe(true)
  }, 60_000)

  it('shows annotations as coloured terms whose notes open and close by keyboard', async () => {
    const errors: string[] = []
    const page = await readerPage(errors)
    await open(page)
    expect(await page.locator('.prose .annotation').count()).toBe(0)
    const toggle = page.getByRole('button', { name: 'Show Annotations' })
    await toggle.focus()
    await page.keyboard.press('Enter')
    await page.getByRole('button', { name: 'Hide Annotations' }).waitFor()
    const terms = page.locator('.prose .annotation')
    expect(await terms.count()).toBe(5)
    const legend = page.getByRole('list', { name: 'Annotation colours' })
    expect(await legend.textContent()).toBe('DefinitionExampleContextElaborationConnection')
    const colours = await terms.evaluateAll((els) => els.map((el) => getComputedStyle(el).backgroundColor))
    expect(new Set(colours).size).toBe(5)

    // Tab from the toggle reaches the first term; Enter opens its note
    await page.keyboard.press('Tab')
    const first = page.locator('.prose .annotation').first()
    expect(await first.evaluate((el) => el === document.activeElement)).toBe(true)
    expect(await first.textContent()).toBe('entropy')
    await page.keyboard.press('Enter')
    const note = page.getByRole('dialog', { name: 'entropy' })
    await note.waitFor()
    expect(await note.textContent()).toContain('The expected value of the information content of a random variable.')
    expect(await note.textContent()).toContain('Definition')
    expect(await note.textContent()).toContain('Information theory')
    expect(await first.getAttribute('aria-expanded')).toBe('true')
    await page.screenshot({ path: join(shots, 'post-annotation-1280.png') })
    await page.keyboard.press('Escape')
    await note.waitFor({ state: 'detached' })
    // Radix gives focus back in a task after the note unmounts, so it may land a tick after
    // the note is gone: wait for it (failing if it never comes back) rather than race it.
    await page.waitForFunction((el) => el === document.activeElement, await first.elementHandle(), { timeout: 5_000 })
    expect(await first.getAttribute('aria-expanded')).toBe('false')

    // Space works too, and a click on another term moves the note there
    await page.keyboard.press(' ')
    await note.waitFor()
    await page.locator('.prose .annotation', { hasText: 'Shannon' }).click()
    await page.getByRole('dialog', { name: 'Shannon' }).waitFor()
    expect(await note.count()).toBe(0)
    await page.getByRole('button', { name: 'Close annotation' }).click()
    await page.getByRole('dialog').waitFor({ state: 'detached' })

    await page.getByRole('button', { name: 'Hide Annotations' }).click()
    expect(await page.locator('.prose .annotation').count()).toBe(0)
    expect(errors).toEqual([])
  }, 60_000)

  it('opens and collapses the Mathematical Model panel, with its limits and reliability colour', async () => {
    const errors: string[] = []
    const page = await readerPage(errors)
    await open(page)
    const launcher = page.getByRole('button', { name: 'Mathematical Model' })
    expect(await launcher.getAttribute('aria-expanded')).toBe('false')
    await launcher.click()
    const panel = page.getByRole('region', { name: 'Mathematical Model' })
    await panel.waitFor()
    await panel.locator('.model-body').waitFor()
    const box = (await panel.boundingBox())!
    expect(Math.round(box.width)).toBe(384) // 24rem
    expect(Math.round(box.height)).toBe(720) // 45rem
    expect(box.x).toBeLessThan(40)
    const text = (await panel.textContent())!
    expect(text).toContain('Information theory')
    expect(text).toContain(MODEL.abstract)
    expect(text).toContain('Shannon entropy')
    expect(text).toContain('Variance')
    expect(text).not.toContain('KL divergence')
    expect(text).toContain('+2 more equations')
    expect(await panel.locator('.model-equation .katex-display').count()).toBe(2)
    // system dynamics hold a backslash: typeset as a block
    expect(
      await panel.locator('.model-section', { hasText: 'System Dynamics' }).locator('.katex-display').count(),
    ).toBe(1)
    expect(text).toContain('Compression budgets')
    expect(text).not.toContain('A third application')

    // Variables and Validation start closed
    const variables = panel.getByRole('button', { name: 'Variables (3)' })
    expect(await variables.getAttribute('aria-expanded')).toBe('false')
    expect(await panel.getByText('Outcome probability').count()).toBe(0)
    await variables.click()
    expect(await panel.locator('.model-variable__symbol .katex').count()).toBe(3)
    const validation = panel.getByRole('button', { name: /Validation/ })
    expect(await validation.getAttribute('aria-expanded')).toBe('false')
    const badge = panel.locator('.model-reliability')
    expect(await badge.textContent()).toBe('Medium reliability')
    expect(await badge.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(118, 83, 0)')
    await validation.click()
    const fold = panel.locator('.model-fold__content').last()
    expect(await fold.locator('.model-list--strengths li').count()).toBe(3)
    expect(await fold.locator('.model-list--limitations li').count()).toBe(3)
    expect((await fold.textContent())!).not.toContain('A third method')
    await page.screenshot({ path: join(shots, 'post-model-1280.png') })

    // Escape collapses it and focus returns to the button
    await page.keyboard.press('Escape')
    await panel.waitFor({ state: 'detached' })
    expect(await launcher.evaluate((el) => el === document.activeElement)).toBe(true)
    expect(errors).toEqual([])
  }, 60_000)

  it('shows a formula that fails to typeset as its error, and green for high reliability', async () => {
    await enhance('on-notation', {
      mathematicalModel: JSON.stringify({
        ...MODEL,
        equations: [{ name: 'Broken', equation: '\\frac{1}{', description: '' }],
        systemDynamics: 'Grows, then settles.',
        validation: { ...MODEL.validation, reliability: 'high' },
      }),
    })
    const page = await readerPage()
    await open(page, 'on-notation')
    await page.getByRole('button', { name: 'Mathematical Model' }).click()
    const panel = page.getByRole('region', { name: 'Mathematical Model' })
    await panel.locator('.model-body').waitFor()
    expect(await panel.locator('.model-math-error').textContent()).toContain('KaTeX parse error')
    expect(await panel.locator('.model-text--pre').textContent()).toBe('Grows, then settles.')
    expect(await panel.locator('.model-reliability').evaluate((el) => getComputedStyle(el).color)).toBe(
      'rgb(22, 106, 48)',
    )
  }, 60_000)

  it('leaves out aids whose stored JSON cannot be read, silently', async () => {
    await enhance('the-gaussian-integral-three-ways', {
      bibliography: '{not json',
      annotations: 'nope',
      mathematicalModel: '{"field": 1}',
    })
    const errors: string[] = []
    const page = await readerPage(errors)
    await open(page, 'the-gaussian-integral-three-ways')
    expect(await page.getByText('Bibliography and References').count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Show Annotations' }).count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Mathematical Model' }).count()).toBe(0)
    expect(await page.locator('.katex-display').count()).toBeGreaterThan(0)
    expect(errors).toEqual([])
  }, 60_000)

  it('hides a banner that fails to load; its address carries a cache-busting version', async () => {
    await enhance('the-gaussian-integral-three-ways', {}, { bannerImage: '/media/missing/banner.png' })
    const updatedAt = ctx.blog.store.postBySlug('the-gaussian-integral-three-ways')!.updatedAt
    const html = await (await fetch(`${ctx.server.url}/posts/the-gaussian-integral-three-ways`)).text()
    expect(html).toContain(`src="/media/missing/banner.png?v=${Date.parse(updatedAt)}"`)
    const page = await readerPage()
    await open(page, 'the-gaussian-integral-three-ways')
    await page.locator('.post-banner img').waitFor({ state: 'detached' })
    expect(await page.locator('.post-banner').isVisible()).toBe(false)
  }, 60_000)

  it('copies the address when there is no share sheet, and reports a failed share', async () => {
    const page = await readerPage()
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true })
      const w = window as unknown as { copied: string[] }
      w.copied = []
      Object.defineProperty(navigator, 'clipboard', {
        value: { writeText: async (t: string) => void w.copied.push(t) },
        configurable: true,
      })
    })
    await open(page)
    await page.getByRole('button', { name: 'Share', exact: true }).click()
    expect(await toastText(page, 'Link Copied')).toContain('Post URL copied to clipboard')
    expect(await page.evaluate(() => (window as unknown as { copied: string[] }).copied)).toEqual([
      `${ctx.blog.config.baseUrl}/posts/${SLUG}`,
    ])

    const failing = await readerPage()
    const logs: string[] = []
    failing.on('console', (m) => logs.push(m.text()))
    await failing.addInitScript(() => {
      const w = window as unknown as { mode: string }
      w.mode = 'abort'
      Object.defineProperty(Navigator.prototype, 'share', {
        value: () =>
          Promise.reject(
            w.mode === 'abort' ? new DOMException('Share canceled', 'AbortError') : new Error('Permission denied'),
          ),
        configurable: true,
      })
    })
    await open(failing)
    const button = failing.getByRole('button', { name: 'Share', exact: true })
    await button.click()
    await expect.poll(() => logs.some((l) => l.includes('sharing was cancelled'))).toBe(true)
    expect(await failing.locator('.toast').count()).toBe(0)
    await failing.evaluate(() => ((window as unknown as { mode: string }).mode = 'fail'))
    await button.click()
    expect(await toastText(failing, 'Share Failed')).toContain('Unable to share post')
    expect(await failing.locator('.toast').getAttribute('class')).toContain('toast--destructive')
  }, 60_000)

  it('prints with the Print button, and the printout leaves out panels, controls and the comment form', async () => {
    const page = await readerPage()
    await page.addInitScript(() => {
      const w = window as unknown as { printed: number }
      w.printed = 0
      window.print = () => void w.printed++
    })
    await open(page)
    await page.getByRole('button', { name: 'Print' }).click()
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1)
    await page.emulateMedia({ media: 'print' })
    for (const selector of [
      '.site-header',
      '.post-sidebar',
      '.model-dock',
      '.post-share',
      '.annotation-bar',
      '.comment-form',
      '.post-neighbours',
    ]) {
      expect(await page.locator(selector).first().isVisible(), selector).toBe(false)
    }
    expect(await page.getByRole('heading', { name: 'Bibliography and References' }).isVisible()).toBe(true)
    await page.emulateMedia({ media: 'screen' })
  }, 60_000)

  it('takes a comment, which waits for approval, and is shown to everyone once an admin approves it', async () => {
    const errors: string[] = []
    const page = await readerPage(errors)
    await open(page)
    const form = page.getByRole('form', { name: 'Leave a comment' })
    expect(await page.getByText('No comments yet. Be the first to share your thoughts.').isVisible()).toBe(true)

    // the honeypot is out of sight and out of reach
    const trap = form.locator('input[name="website"]')
    expect(await trap.getAttribute('tabindex')).toBe('-1')
    expect(await trap.getAttribute('autocomplete')).toBe('off')
    expect(await form.locator('.comment-form__trap').getAttribute('aria-hidden')).toBe('true')
    const trapBox = await trap.boundingBox()
    expect(trapBox === null || trapBox.x + trapBox.width <= 0).toBe(true)

    // the shared rules, in the browser
    await form.getByRole('button', { name: 'Post Comment' }).click()
    expect(await form.textContent()).toContain('Name is required')
    expect(await form.textContent()).toContain('Comment is required')

    await form.getByLabel('Name').fill('Grace')
    const text = 'A lovely essay.\nThe second line <b>stays text</b>.'
    await form.getByLabel('Comment').fill(text)
    expect(await form.locator('.comment-form__count').textContent()).toBe(`${text.length} / 5,000 characters`)
    await form.getByRole('button', { name: 'Post Comment' }).click()
    await form.getByText('Thank you! Your comment will appear once it has been approved.').waitFor()
    expect(await form.getByLabel('Comment').inputValue()).toBe('')
    expect(await page.locator('.comment').count()).toBe(0)

    // an admin sees it waiting, and approves it
    await signInAsAdmin(page)
    await open(page)
    const pending = page.locator('.comment', { hasText: 'Grace' })
    expect(await pending.locator('.comment__badge').textContent()).toBe('Awaiting approval')
    await page
      .getByRole('region', { name: /^Comments/ })
      .screenshot({ path: join(shots, 'post-comments-admin-1280.png') })
    await pending.getByRole('button', { name: 'Approve' }).click()
    await pending.locator('.comment__badge').waitFor({ state: 'detached' })

    // guests now see it, as plain text with its line break
    const guest = await readerPage(errors)
    await open(guest)
    const shown = guest.locator('.comment', { hasText: 'Grace' })
    await shown.waitFor()
    expect(await shown.locator('.comment__text').textContent()).toBe(text)
    expect(await shown.locator('.comment__text b').count()).toBe(0)
    expect((await shown.locator('.comment__text').boundingBox())!.height).toBeGreaterThan(40)
    expect(await guest.getByRole('button', { name: 'Approve' }).count()).toBe(0)
    expect(await guest.getByRole('button', { name: 'Delete' }).count()).toBe(0)
    expect(await guest.getByRole('heading', { name: 'Comments (1)' }).count()).toBe(1)

    // the admin deletes it after confirming
    await signInAsAdmin(page)
    await open(page)
    page.once('dialog', (d) => void d.accept())
    await page.locator('.comment', { hasText: 'Grace' }).getByRole('button', { name: 'Delete' }).click()
    await page.locator('.comment', { hasText: 'Grace' }).waitFor({ state: 'detached' })
    expect(errors).toEqual([])
  }, 90_000)

  it('reads comfortably at 375 px and in dark mode; screenshots for review', async () => {
    const errors: string[] = []
    const page = await readerPage(errors)
    await page.setViewportSize({ width: 1280, height: 900 })
    await open(page)
    await page.getByRole('button', { name: 'Show Annotations' }).click()
    await page.screenshot({ path: join(shots, 'post-aids-1280.png'), fullPage: true })
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.screenshot({ path: join(shots, 'post-aids-1280-dark.png'), fullPage: true })
    await page.getByRole('button', { name: 'Mathematical Model' }).click()
    await page.locator('.model-body').waitFor()
    await page.getByRole('button', { name: 'Variables (3)' }).click()
    await page.screenshot({ path: join(shots, 'post-model-1280-dark.png') })

    await page.emulateMedia({ colorScheme: 'light' })
    await page.setViewportSize({ width: 375, height: 812 })
    await open(page)
    expect(await noHorizontalScroll(page)).toBeLessThanOrEqual(0)
    await page.getByRole('button', { name: 'Show Annotations' }).click()
    expect(await noHorizontalScroll(page)).toBeLessThanOrEqual(0)
    await page.screenshot({ path: join(shots, 'post-aids-375.png'), fullPage: true })
    await page.locator('.prose .annotation', { hasText: 'A fair coin' }).click()
    const note = page.getByRole('dialog', { name: 'A fair coin' })
    await note.waitFor()
    const noteBox = (await note.boundingBox())!
    expect(noteBox.x).toBeGreaterThanOrEqual(0)
    expect(noteBox.x + noteBox.width).toBeLessThanOrEqual(375)
    await page.screenshot({ path: join(shots, 'post-annotation-375.png') })
    await page.keyboard.press('Escape')

    await page.getByRole('button', { name: 'Mathematical Model' }).click()
    const panel = page.getByRole('region', { name: 'Mathematical Model' })
    await panel.locator('.model-body').waitFor()
    const box = (await panel.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(375)
    expect(box.y).toBeGreaterThan(0)
    await page.screenshot({ path: join(shots, 'post-model-375.png') })
    await page.keyboard.press('Escape')

    await page.emulateMedia({ colorScheme: 'dark' })
    await page.screenshot({ path: join(shots, 'post-aids-375-dark.png'), fullPage: true })
    expect(await noHorizontalScroll(page)).toBeLessThanOrEqual(0)
    await page.setViewportSize({ width: 360, height: 740 })
    expect(await noHorizontalScroll(page)).toBeLessThanOrEqual(0)
    expect(errors).toEqual([])
  }, 90_000)

  it('turns an error from the server into a destructive toast with its message', async () => {
    const page = await readerPage()
    await open(page)
    // five comments a connection may post; the sixth is refused (429)
    for (let i = 0; i < 5; i++) {
      await page.evaluate(async (id) => {
        await fetch(`/api/posts/${id}/comments`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ name: 'Bot', text: 'x', website: 'spam.example' }),
        })
      }, postId(SLUG))
    }
    const form = page.getByRole('form', { name: 'Leave a comment' })
    await form.getByLabel('Name').fill('Grace')
    await form.getByLabel('Comment').fill('One more thought.')
    await form.getByRole('button', { name: 'Post Comment' }).click()
    expect(await toastText(page, 'Comment Failed')).toContain('Too many comments from your connection.')
    expect(await page.locator('.toast').getAttribute('class')).toContain('toast--destructive')
  }, 60_000)
})
