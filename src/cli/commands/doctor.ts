import { Command, Option } from 'commander'
import { resolve } from 'node:path'
import { EXIT, type CliIO } from '../output.js'
import { dataOption, jsonOption, type DataOptions } from '../shared-options.js'

interface DoctorOptions extends DataOptions {
  json?: boolean
  repair?: boolean
}

/**
 * `blog doctor [--repair]`: a thin adapter over the store's checkDataFolder. It does not go
 * through createBlog, which refuses the very folders this command is for.
 */
export function doctorCommand(io: CliIO, setExit: (code: number) => void): Command {
  return new Command('doctor')
    .description('check the data folder; with --repair, rebuild what can be rebuilt from the files on disk')
    .addOption(
      new Option(
        '--repair',
        'rebuild missing or damaged index shards from the post bodies, db.json from the posts, and set damaged files aside',
      ),
    )
    .addOption(dataOption())
    .addOption(jsonOption())
    .addHelpText(
      'after',
      `
Checks db.json, the post index (posts/index-*.json), the post bodies and an unfinished commit
journal. --repair rebuilds the index from the bodies (each body carries its post's metadata),
starts a new db.json when it is missing or unreadable (posts are kept; accounts are not: create
an admin with blog admin create), and renames damaged files to FILE.damaged-TIME, never deleting
them. Safe while blog serve runs. Exit 0 when the folder is sound (after repair), 1 otherwise.

--json prints: {"dataDir", "healthy", "posts", "problems": [{"file", "problem", "fix"}],
                "repaired": [{"file", "action"}]}`,
    )
    .action(async (opts: DoctorOptions) => {
      const { checkDataFolder } = await import('../../app/doctor.js')
      const dataDir = resolve(opts.data ?? process.env.BLOG_DATA_DIR ?? 'data')
      const report = await checkDataFolder(dataDir, { repair: Boolean(opts.repair) })
      setExit(report.healthy ? EXIT.ok : EXIT.failed)
      if (opts.json) {
        io.out(JSON.stringify(report))
        return
      }
      for (const r of report.repaired) io.out(`repaired ${r.file}: ${r.action}`)
      for (const p of report.problems) io.err(`✗ ${p.file} ${p.problem}\n  ${p.fix}`)
      io.out(
        report.healthy
          ? `The data folder ${dataDir} is sound: ${report.posts} posts.`
          : `${report.problems.length} problem${report.problems.length === 1 ? '' : 's'} in ${dataDir}${opts.repair ? ' that --repair could not fix' : ''}.`,
      )
    })
}
