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
With -o NAME.tar.gz (or .tgz) it writes an arXiv submission instead: NAME's .tex plus the
essay's stored figures in figures/ (drawings as PNG), included with \\includegraphics.
Exit code 1 if there is no post with that slug.`,
    )
    .action(async (opts: ExportOptions) => {
      const { OWNER } = await import('../../auth/auth-service.js')
      const archive = opts.output !== undefined && /\.(?:tar\.gz|tgz)$/i.test(opts.output)
      const file = await withBlog(opts, async (blog) => {
        try {
          if (archive) {
            const made = await blog.export.arxivArchive(opts.arxiv, OWNER)
            for (const asset of made.missing)
              io.err(`Warning: figure ${asset} is missing from the media folder; the archive goes without it.`)
            return { fileName: made.fileName, text: '', bytes: made.bytes }
          }
          return { ...(await blog.export.arxiv(opts.arxiv, OWNER)), bytes: null }
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
      const { writeFileAtomic } = await import('../../core/atomic-file.js')
      const target = resolve(opts.output)
      try {
        await writeFileAtomic(target, file.bytes ?? file.text)
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code
        const why =
          code === 'ENOENT'
            ? 'its folder does not exist'
            : code === 'EACCES' || code === 'EPERM'
              ? 'permission denied'
              : (e as Error).message
        io.err(`Error: Could not write ${target}: ${why}. Nothing was written.`)
        setExit(EXIT.failed)
        return
      }
      io.out(`Wrote the arXiv export of "${opts.arxiv}" to ${target}`)
    })
}
