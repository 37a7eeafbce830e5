import { Command, Option } from 'commander'
import type { GenerateKind, GenerateProgress, GenerateReport, GenerateResult } from '../../enhance/batch.js'
import { EXIT, type CliIO } from '../output.js'
import { dataOption, jsonOption, withBlog, type DataOptions } from '../shared-options.js'
import { openLiveProgress, type LiveProgress } from '../live-progress.js'

interface GenerateFlags extends DataOptions {
  annotations?: boolean
  bibliography?: boolean
  images?: boolean
  models?: boolean
  summary?: boolean
  all?: boolean
  provider?: 'local' | 'openai'
  json?: boolean
}

/** Flag names as the person types them; `models` is the mathematical model. */
const FLAG_OF: Record<GenerateKind, string> = {
  annotations: 'annotations',
  bibliography: 'bibliography',
  summary: 'summary',
  mathematicalModel: 'models',
  images: 'images',
}
const TEXT_KINDS: GenerateKind[] = ['annotations', 'bibliography', 'summary', 'mathematicalModel']

export function generateCommand(io: CliIO, setExit: (code: number) => void): Command {
  return new Command('generate')
    .description('enhance posts with AI: annotations, bibliography, images, models, summaries')
    .argument('[slugs...]', 'posts to enhance (or --all)')
    .option('--annotations', 'generate annotations')
    .option('--bibliography', 'generate a bibliography')
    .option('--images', 'generate banner and content images')
    .option('--models', 'generate a mathematical model')
    .option('--summary', 'generate a summary')
    .option('--all', 'every post, drafts included')
    .addOption(
      new Option(
        '--provider <name>',
        'AI provider (default: BLOG_AI_PROVIDER, else openai when OPENAI_API_KEY is set, else local)',
      ).choices(['local', 'openai']),
    )
    .addOption(dataOption())
    .addOption(jsonOption())
    .addHelpText(
      'after',
      `
With no kind chosen: annotations, bibliography, summary and models (images only with --images).
Progress: a live bar ([#####-----] n/total, current post) on a terminal, a line per post and kind otherwise.
Exit code 1 if anything failed (everything else is kept), 2 if nothing could run.

--json prints: {"provider": "local"|"openai",
                "results": [{"slug", "kind": "annotations"|"bibliography"|"summary"|"models"|"images", "status": "done"|"failed", "error", "notes"?: [what was dropped from the answer]}],
                "summary": {"done", "failed"}}`,
    )
    .action(async (slugs: string[], flags: GenerateFlags) => {
      const chosen = TEXT_KINDS.filter((k) => flags[FLAG_OF[k] as keyof GenerateFlags])
      const kinds: GenerateKind[] =
        chosen.length > 0 || flags.images ? [...chosen, ...(flags.images ? (['images'] as const) : [])] : TEXT_KINDS
      const tty = !flags.json && process.stderr.isTTY ? await openLiveProgress(process.stderr) : null
      const live = tty?.live ?? null
      const onProgress = flags.json ? undefined : (e: GenerateProgress) => show(e, io, tty)
      let report: GenerateReport
      try {
        report = await withBlog(flags, (blog) =>
          blog.enhance.generate({ slugs, all: flags.all, kinds, provider: flags.provider, onProgress }),
        )
      } catch (e) {
        live?.clear()
        throw e
      }
      // The finished bar stays on screen above the summary.
      live?.finish(tty!.progressLine(report.results.length, report.results.length, 'done'))
      if (flags.json)
        io.out(
          JSON.stringify({
            provider: report.provider,
            results: report.results.map(publicResult),
            summary: report.summary,
          }),
        )
      else io.out(`${report.summary.done} done, ${report.summary.failed} failed (provider: ${report.provider})`)
      setExit(report.summary.failed > 0 ? EXIT.failed : EXIT.ok)
    })
}

function show(e: GenerateProgress, io: CliIO, tty: LiveProgress | null): void {
  if (e.type === 'start') {
    tty?.live.update(tty.progressLine(e.done, e.total, `${FLAG_OF[e.kind]}  ${e.slug}…`))
    return
  }
  const r = e.result
  // On a terminal only failures stay on screen; elsewhere (logs, CI) every result is a line.
  if (tty && r.status === 'done' && !r.notes) {
    tty.live.update(tty.progressLine(e.done, e.total, `${FLAG_OF[r.kind]}  ${r.slug}`))
    return
  }
  tty?.live.clear()
  io.out(
    r.status === 'done'
      ? `✓ ${FLAG_OF[r.kind].padEnd(12)} ${r.slug}`
      : `✗ ${FLAG_OF[r.kind].padEnd(12)} ${r.slug}: ${r.error}`,
  )
  for (const note of r.notes ?? []) io.out(`  ⚠ ${note}`)
}

function publicResult(r: GenerateResult) {
  return {
    slug: r.slug,
    kind: FLAG_OF[r.kind],
    status: r.status,
    error: r.error,
    ...(r.notes ? { notes: r.notes } : {}),
  }
}
