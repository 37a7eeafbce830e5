import { spawnSync } from 'node:child_process'
import { copyFileSync, mkdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'

/** What Hugo did with the corpus's files, in this run. */
export interface HugoRun {
  /** Files Hugo built (it stops at the first file it cannot read: those are left out one by one). */
  files: number
  /** Files left out because Hugo could not read them (front matter it rejects). */
  skipped: number
  /** Median wall time of three cold builds of those files, in seconds. */
  seconds: number
}

/**
 * Debian's `hugo`, given the same essays as a bare site (content/posts, a layout that prints
 * `.Content`, raw HTML allowed, no taxonomies, feeds or sitemap): the peer the import is measured
 * against. No math is rendered, no citation resolved: it is a floor, not a like-for-like. Null
 * when hugo is not installed (`apt-get install hugo`).
 */
export function hugoPeer(essays: string[], work: string): HugoRun | null {
  if (spawnSync('hugo', ['version'], { encoding: 'utf8' }).status !== 0) return null
  rmSync(work, { recursive: true, force: true })
  const content = join(work, 'content', 'posts')
  mkdirSync(content, { recursive: true })
  mkdirSync(join(work, 'layouts', '_default'), { recursive: true })
  writeFileSync(
    join(work, 'hugo.toml'),
    'baseURL = "http://example.org/"\ntitle = "bench"\ndisableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"]\n[markup.goldmark.renderer]\nunsafe = true\n',
  )
  writeFileSync(join(work, 'layouts', '_default', 'single.html'), '{{ .Content }}\n')
  writeFileSync(join(work, 'layouts', '_default', 'list.html'), '{{ range .Pages }}{{ .Title }}{{ end }}\n')
  const names = essays.map((file, i) => `${i}-${basename(file)}`)
  essays.forEach((file, i) => copyFileSync(file, join(content, names[i])))
  const build = () => {
    rmSync(join(work, 'public'), { recursive: true, force: true })
    const started = performance.now()
    const run = spawnSync('hugo', ['--quiet', '--source', work, '--destination', join(work, 'public')], {
      encoding: 'utf8',
    })
    return { ok: run.status === 0, seconds: (performance.now() - started) / 1000, error: `${run.stderr}${run.stdout}` }
  }
  let skipped = 0
  for (;;) {
    const first = build()
    if (first.ok) break
    const bad = /content\/posts\/([^":]+\.md)/.exec(first.error)?.[1]
    if (!bad || skipped >= essays.length) throw new Error(`hugo failed: ${first.error}`)
    unlinkSync(join(content, bad))
    skipped++
  }
  const times = [build(), build(), build()].map((r) => r.seconds).sort((a, b) => a - b)
  rmSync(work, { recursive: true, force: true })
  return { files: essays.length - skipped, skipped, seconds: times[1] }
}
