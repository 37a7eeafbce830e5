import { Command, Option } from 'commander'
import { EXIT, type CliIO } from '../output.js'
import { dataOption, jsonOption } from '../shared-options.js'

/**
 * Commands whose work is not built yet. Their flags are the real interface, so `--help` is
 * accurate; running one says so plainly and exits 2 rather than pretending.
 */
export function laterCommands(io: CliIO, setExit: (code: number) => void): Command[] {
  const notYet = (name: string, what: string) => () => {
    io.err(`blog ${name}: ${what} is not available in this version of Scholia yet. Nothing was changed.`)
    setExit(EXIT.usage)
  }
  const generate = new Command('generate')
    .description('enhance posts with AI: annotations, bibliography, images, models, summaries')
    .argument('[slugs...]', 'posts to enhance')
    .option('--annotations', 'generate annotations')
    .option('--bibliography', 'generate a bibliography')
    .option('--images', 'generate banner and content images')
    .option('--models', 'generate a mathematical model')
    .option('--summary', 'generate a summary')
    .option('--all', 'every post')
    .addOption(new Option('--provider <name>', 'AI provider').choices(['local', 'openai']))
    .addOption(dataOption())
    .addOption(jsonOption())
    .action(notYet('generate', 'AI enhancement'))
  const exportCmd = new Command('export')
    .description('export a post in an arXiv-style LaTeX text format')
    .requiredOption('--arxiv <slug>', 'the post to export')
    .option('-o, --output <file>', 'write to this file instead of standard output')
    .addOption(dataOption())
    .action(notYet('export', 'arXiv export'))
  const build = new Command('build')
    .description('write the public site as static files for any static host or CDN')
    .requiredOption('--out <dir>', 'output folder')
    .option('--base-url <url>', 'public address of the site')
    .option('--base <path>', 'sub-path the site is served from')
    .addOption(dataOption())
    .addOption(jsonOption())
    .action(notYet('build', 'the static site build'))
  const dashboard = new Command('dashboard')
    .description('open the terminal dashboard: posts, jobs, subscribers, live progress')
    .addOption(dataOption())
    .action(notYet('dashboard', 'the terminal dashboard'))
  return [generate, exportCmd, build, dashboard]
}
