import { describe, expect, it } from 'vitest'
import { render } from 'ink-testing-library'
import stringWidth from 'string-width'
import { stripVTControlCharacters } from 'node:util'
import { PostsPane } from '../../../src/dashboard/panes/posts-pane.js'
import type { PostRow } from '../../../src/dashboard/snapshot.js'
import { oneLine } from '../../../src/dashboard/summary.js'
import { LiveLine } from '../../../src/terminal/live-line.js'
import { formatTable } from '../../../src/cli/table.js'
import { fitColumn, truncateTo } from '../../../src/terminal/text-fit.js'

// Issue 23.16: CJK titles take two terminal columns a character; measured with .length they
// broke the dashboard's columns and overflowed the CLI's live line.

const CJK = '注意力机制与变换器：从序列到序列的学习方法综述'
const row = (id: number, title: string): PostRow => ({
  id,
  title,
  slug: `p-${id}`,
  status: 'published',
  featured: false,
  readTime: 12,
  enhancements: ['annotations'],
  url: `https://x.org/posts/${id}`,
})
const strip = (s: string) => stripVTControlCharacters(s)

describe('text measured in terminal columns', () => {
  it('cuts and pads by columns, CJK and accents alike', () => {
    expect(stringWidth(fitColumn(CJK, 20))).toBe(20)
    expect(fitColumn(CJK, 20).trimEnd().endsWith('…')).toBe(true)
    expect(stringWidth(fitColumn('Erdős', 10))).toBe(10)
    expect(fitColumn('short', 8)).toBe('short   ')
    expect(stringWidth(truncateTo(CJK, 15))).toBeLessThanOrEqual(15)
    expect(truncateTo('fits', 10)).toBe('fits')
    expect(stringWidth(oneLine(`${CJK}\n${CJK}`, 30))).toBeLessThanOrEqual(30)
  })

  it('keeps the live progress line one column short of the terminal', () => {
    let written = ''
    const line = new LiveLine({
      columns: 40,
      write: (s: string) => ((written += s), true),
    } as unknown as NodeJS.WriteStream)
    line.update(`[#####-----] 3/10  ${CJK}`)
    const shown = stripVTControlCharacters(written).replace(/^\r/, '')
    expect(stringWidth(shown)).toBeLessThanOrEqual(39)
    expect(shown.endsWith('…')).toBe(true)
  })

  it('aligns table columns whatever the script', () => {
    const lines = formatTable([
      ['title', 'read'],
      ['注意力机制', '5'],
      ['Notation', '12'],
    ]).split('\n')
    const readAt = lines.map((l) => stringWidth(l.slice(0, l.lastIndexOf(' ') + 1)))
    expect(new Set(readAt).size).toBe(1)
  })

  it('keeps the dashboard’s read-time and enhancement columns in line for CJK titles', () => {
    const posts = [row(1, CJK), row(2, 'On Notation'), row(3, '中文')]
    const { lastFrame, unmount } = render(
      <PostsPane posts={posts} total={3} cursor={0} selected={new Set()} filter="" width={60} height={10} />,
    )
    const frame = strip(lastFrame() ?? '')
    unmount()
    const rows = frame.split('\n').filter((l) => /\d+ min/.test(l))
    expect(rows).toHaveLength(3)
    // the column where "12 min" ends is the same on every row, and no row is wider than the pane
    const ends = rows.map((l) => stringWidth(l.slice(0, l.indexOf('min') + 3)))
    expect(new Set(ends).size).toBe(1)
    for (const l of frame.split('\n')) expect(stringWidth(l)).toBeLessThanOrEqual(60)
  })
})
