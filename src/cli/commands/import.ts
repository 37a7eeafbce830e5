import { Command } from 'commander'
import { relative } from 'node:path'
import type { ImportReport } from '../../importer/import-service.js'
import { planImport, type ImportPlan } from '../../importer/import-plan.js'
import { EXIT, type CliIO } from '../output.js'
import { dataOption, jsonOption, withImporter, type DataOptions } from '../shared-options.js'
import type { ImportFileEvent } from '../../terminal/progress-bar.js'
import { openLiveProgress } from '../live-progress.js'
import { BACKDATED_DAYS, backdatedNotice } from '../../newsletter/backdated.js'

export function importCommand(io: CliIO, setExit: (code: number) => void): Command {
  return new Command('import')
    .description('import markdown essays (files or folders, recursively) as posts')
    .argument('<paths...>', '.md/.markdown files or folders')
    .addOption(dataOption())
    .addOption(jsonOption())
    .option('--dry-run', 'print what would be imported and what is skipped, and why; change nothing')
    .addHelpText(
      'after',
      `
Progress: a live bar on a terminal (with the new, updated and failed files), a line per file otherwise.
Re-importing is safe: an unchanged file is skipped, a changed one updates its post.
Exit code 1 if any file failed (the others are still imported).
A site root (Jekyll, Hugo, Quarto, d2l, Jupyter Book, Franklin) imports its posts only; README,
LICENSE, CHANGELOG, CONTRIBUTING and CODE_OF_CONDUCT files are skipped unless named explicitly.
--dry-run reads no essay and opens no data folder; with --json it prints
  {"files": [{"path", "root"}], "skipped": [{"path", "reason"}], "missing", "unreadable", "sites": [{"kind", "root", "label"}]}

--json prints: {"files": [{"path", "status": "imported"|"updated"|"unchanged"|"failed", "slug", "error", "warnings"}],
                "summary": {"imported", "updated", "unchanged", "failed"}}`,
    )
    .action(async (paths: string[], opts: DataOptions & { json?: boolean; dryRun?: boolean }) => {
      if (opts.dryRun) {
        const plan = await planImport(paths)
        io.out(opts.json ? JSON.stringify(plan) : formatPlan(plan))
        setExit(plan.missing.length > 0 ? EXIT.failed : EXIT.ok)
        return
      }
      // A terminal gets a live bar with the new, updated and failed files above it; logs and CI a line per file.
      const tty =
        !opts.json && process.stdout.isTTY && process.stderr.isTTY ? await openLiveProgress(process.stderr) : null
      const live = tty?.live ?? null
      let backdated: { slug: string; publishedAt: string }[] = []
      const report = await withImporter(opts, async ({ events, importer, ...parts }) => {
        if (tty) {
          const lineFor = (f: ImportFileEvent) =>
            f.status === 'unchanged' ? null : formatLine(f.status, f.path, f.slug, f.error)
          tty.showImportProgress(events, tty.live, lineFor, io.out, shownPath)
        } else if (!opts.json) {
          events.on('import:file', (f) => {
            io.out(formatLine(f.status, f.path, f.slug, f.error))
            for (const warning of f.warnings ?? []) io.out(`  ⚠ ${warning}`)
          })
        }
        try {
          const done = await importer.importPaths(paths)
          backdated = parts.backdated(done)
          return done
        } finally {
          live?.clear()
        }
      })
      if (opts.json) io.out(JSON.stringify(report))
      else {
        io.out(formatSummary(report))
        if (backdated.length > 0) io.out(formatBackdated(backdated))
      }
      setExit(report.summary.failed > 0 ? EXIT.failed : EXIT.ok)
    })
}

const MARK = { imported: '+', updated: '~', unchanged: '=', failed: '✗' } as const

const shownPath = (path: string) => relative(process.cwd(), path) || path

function formatLine(status: keyof typeof MARK, path: string, slug: string | null, error: string | null): string {
  const shown = shownPath(path)
  if (status === 'failed') return `${MARK.failed} failed     ${shown}: ${error}`
  return `${MARK[status]} ${status.padEnd(10)} ${shown} → /posts/${slug}`
}

function formatSummary({ summary }: ImportReport): string {
  const total = summary.imported + summary.updated + summary.unchanged + summary.failed
  return `${total} file${total === 1 ? '' : 's'}: ${summary.imported} imported, ${summary.updated} updated, ${summary.unchanged} unchanged, ${summary.failed} failed`
}

/** Why new posts dated in the past are not announced (src/newsletter/backdated.ts): one line for a batch of old essays. */
function formatBackdated(posts: { slug: string; publishedAt: string }[]): string {
  if (posts.length === 1) return `ℹ /posts/${posts[0].slug}: ${backdatedNotice(posts[0].publishedAt)}`
  return (
    `ℹ ${posts.length} new posts are dated more than ${BACKDATED_DAYS} days ago: they are listed by their dates, ` +
    'not as the newest posts, and subscribers get no new-post alert for them.'
  )
}

function formatPlan(plan: ImportPlan): string {
  const lines: string[] = []
  for (const site of plan.sites) lines.push(`${site.label} at ${shownPath(site.root)}`)
  for (const f of plan.files) lines.push(`+ would import ${shownPath(f.path)}`)
  for (const s of plan.skipped) lines.push(`- skipped      ${shownPath(s.path)}: ${s.reason}`)
  for (const m of plan.missing) lines.push(`✗ missing      ${m}: No such file or folder`)
  for (const u of plan.unreadable) lines.push(`✗ unreadable   ${shownPath(u)}`)
  const n = plan.files.length
  lines.push(
    `${n} file${n === 1 ? '' : 's'} would be imported, ${plan.skipped.length} skipped, ${plan.missing.length} missing (dry run: nothing was changed)`,
  )
  return lines.join('\n')
}
