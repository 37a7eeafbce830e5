import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** `count` small essays in `dir`, each tagged `tag`, with a formula and a table so rendering does real work. */
export function writeEssays(dir: string, tag: string, count: number, opts: { date?: string } = {}): string[] {
  mkdirSync(dir, { recursive: true })
  const slugs: string[] = []
  for (let i = 0; i < count; i++) {
    const slug = `${tag}-essay-${i}`
    slugs.push(slug)
    const text = [
      '---',
      `title: "${tag} essay ${i}"`,
      `slug: ${slug}`,
      `tags: [${tag}]`,
      `date: ${opts.date ?? '2025-03-01'}`,
      '---',
      '',
      `# ${tag} essay ${i}`,
      '',
      `Paragraph ${i} with $e^{i\\pi} + 1 = 0$ inline and a display formula:`,
      '',
      '$$\\int_0^\\infty e^{-x^2}\\,dx = \\frac{\\sqrt{\\pi}}{2}$$',
      '',
      '| a | b |',
      '| - | - |',
      `| ${i} | ${i * i} |`,
      '',
    ].join('\n')
    writeFileSync(join(dir, `${slug}.md`), text)
  }
  return slugs
}
