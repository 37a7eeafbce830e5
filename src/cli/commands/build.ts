import { Command } from 'commander'
import { relative, resolve } from 'node:path'
import type { BuildReport } from '../../build/static-build.js'
import { EXIT, type CliIO } from '../output.js'
import { dataOption, jsonOption, withBlog, type DataOptions } from '../shared-options.js'

interface BuildOptions extends DataOptions {
  out: string
  baseUrl?: string
  base?: string
  json?: boolean
}

/** `blog build --out DIR`: the public site as static files (src/build). */
export function buildCommand(io: CliIO, setExit: (code: number) => void): Command {
  return new Command('build')
    .description('write the public site as static files for any static host or CDN')
    .requiredOption('--out <dir>', 'output folder: new, empty, or an earlier build (it is replaced)')
    .option(
      '--base-url <url>',
      'public address of the site, for canonical links, feeds and the sitemap (default: BLOG_BASE_URL or config)',
    )
    .option('--base <path>', 'sub-path the site is served from, e.g. /blog (default: the path of --base-url)')
    .addOption(dataOption())
    .addOption(jsonOption())
    .addHelpText(
      'after',
      `
Writes what a guest sees (drafts never): a page per post (posts/SLUG/index.html), the home,
about, search and 404 pages, /SLUG redirects, feeds, sitemap, robots.txt, the client assets,
referenced media, social cards, and data/ (JSON and a search index, so search works without
a server). Text files of 1 kB or more get .br and .gz copies beside them, for hosts that
serve those.
The folder is written beside --out and swapped in when complete; a non-empty --out that is
not an earlier build is refused. Building into an earlier build is incremental: pages and
files whose inputs did not change are kept from it, not made again; those of deleted posts
are gone. Exit code 2 if the build could not run.

--json prints: {"out", "siteUrl", "base", "pages", "redirects", "posts", "media", "cards",
                "files", "bytes", "rendered", "written", "kept", "ms", "warnings": [...]}`,
    )
    .action(async (opts: BuildOptions) => {
      const { buildStaticSite } = await import('../../build/static-build.js')
      const out = resolve(opts.out)
      const report = await withBlog(opts, (blog) => buildStaticSite(blog, { out, base: opts.base }))
      if (opts.json) io.out(JSON.stringify(report))
      else {
        io.out(formatSummary(report))
        for (const warning of report.warnings) io.err(`Note: ${warning}`)
      }
      setExit(EXIT.ok)
    })
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

function formatSummary(r: BuildReport): string {
  const shown = relative(process.cwd(), r.out) || '.'
  const size = r.bytes >= 1024 * 1024 ? `${(r.bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(r.bytes / 1024)} kB`
  return [
    `Built ${plural(r.posts, 'post')} into ${shown.startsWith('..') ? r.out : shown} in ${(r.ms / 1000).toFixed(1)} s:`,
    `  ${plural(r.pages, 'page')}, ${plural(r.redirects, 'redirect')}, ${plural(r.media, 'media file')}, ${plural(r.cards, 'social card')}; ${plural(r.files, 'file')}, ${size}`,
    `  for ${r.siteUrl}/ (canonical links, feeds and the sitemap use this address)`,
    ...(r.kept > 0
      ? [
          `  ${plural(r.rendered, 'page')} rendered, ${plural(r.written, 'file')} written; ${plural(r.kept, 'file')} kept unchanged from the last build`,
        ]
      : []),
  ].join('\n')
}
