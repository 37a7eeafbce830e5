import { Command } from 'commander'
import { resolve } from 'node:path'
import { EXIT, formatCliError, type CliIO } from '../output.js'
import { dataOption, withBlog, type DataOptions } from '../shared-options.js'

interface ExportOptions extends DataOptions {
  arxiv: string
  output?: string
}

/** `blog export --arxiv SLUG [-o FILE]`: the same text the site's share button downloads. */
export function exportCommand(io: CliIO, setExit: (code: number) => void): Command {
  return new Command('export')
    .description('export a post in an arXiv-style LaTeX text format')
    .requiredOption('--arxiv <slug>', 'the post to export (drafts included)')
    .option('-o, --output <file>', 'write to this file instead of standard output')
    .addOption(dataOption())
    .addHelpText(
      'after',
      `
Prints the LaTeX source (the same bytes as the site's arXiv download) to standard output, or
writes it to FILE, replacing it in one step. Compile it with pdflatex.
Exit code 1 if there is no post with that slug.`,
    )
    .action(async (opts: ExportOptions) => {
      const { OWNER } = await import('../../auth/auth-service.js')
      const file = await withBlog(opts, async (blog) => {
        try {
          return await blog.export.arxiv(opts.arxiv, OWNER)
        } catch (e) {
          io.err(formatCliError(e))
          setExit(EXIT.failed)
          return null
        }
      })
      if (!file) return
      if (opts.output === undefined) {
        // The text ends with a newline, which `io.out` adds back: standard output gets the exact bytes.
        io.out(file.text.replace(/\n$/, ''))
        return
      }
      const { writeFileAtomic } = await import('../../store/atomic-file.js')
      const target = resolve(opts.output)
      try {
        await writeFileAtomic(target, file.text)
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code
        const why = code === 'ENOENT' ? 'its folder does not exist' : code === 'EACCES' || code === 'EPERM' ? 'permission denied' : (e as Error).message
        io.err(`Error: Could not write ${target}: ${why}. Nothing was written.`)
        setExit(EXIT.failed)
        return
      }
      io.out(`Wrote the arXiv export of "${opts.arxiv}" to ${target}`)
    })
}
