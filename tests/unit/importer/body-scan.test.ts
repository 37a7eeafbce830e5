import { describe, expect, it } from 'vitest'
import { scanBody } from '../../../src/importer/parse/body-scan.js'
import { openEssay } from '../../../src/importer/packed-essay.js'
import { prepareEssay } from '../../../src/importer/prepare-essay.js'

describe('the body scan, when the import reads the first paragraph from the rendered essay', () => {
  it('still finds a leading title heading, setext too, and the heading that is the title', () => {
    expect(scanBody('# The title\n\nFirst words of the essay.', true, false).heading).toMatchObject({
      text: 'The title',
      leading: true,
    })
    expect(scanBody('The title\n===\n\nFirst words.', true, false).heading?.text).toBe('The title')
    const d2l = scanBody(`# Adam\n\n${'A paragraph of prose about optimisers. '.repeat(200)}`, false, false)
    expect(d2l.heading).toMatchObject({ text: 'Adam', leading: true })
    expect(d2l.firstParagraph).toBe('')
  })

  it('finds the heading past a long first block, and the first one even when the body holds more', () => {
    // No blank line near where a planned prefix would end: the cut falls at the next one.
    const long = `# Multilayer Perceptrons\n${'One long line of prose with no break. '.repeat(150)}\n\nMore.`
    expect(scanBody(long, false, false).heading).toMatchObject({ text: 'Multilayer Perceptrons', leading: true })
    const late = `Intro words.\n\n# First\n\nText.\n\n# Second\n\n${'Filler paragraph. '.repeat(400)}`
    expect(scanBody(late, false, false).heading).toMatchObject({ text: 'First', leading: false })
    expect(scanBody(late, false, false).heading).toEqual(scanBody(late, false, true).heading)
    // A blank line past what a scan ever parses is no place to cut: the scan stays within it.
    const wall = `# Title\n${'word '.repeat(40_000)}\n\nAfter.`
    expect(scanBody(wall, false, false).heading).toMatchObject({ text: 'Title', leading: true })
  })

  it('finds no heading in a body without one, nor in code that only looks like one', () => {
    expect(scanBody('Just prose.\n\n## A section\n\nMore prose.', true, false).heading).toBeNull()
    expect(scanBody('```julia\n# a comment\nx = 1\n```\n\nProse.', true, false).heading).toBeNull()
  })

  it('leaves the excerpt to the rendered essay, which finds a first paragraph far down', () => {
    const text = `---\ntitle: Far down\n---\n\n${'<!-- a long comment -->\n\n'.repeat(200)}\`\`\`\ncode\n\`\`\`\n\nThe first paragraph of prose is here at last.\n`
    const prepared = prepareEssay({
      essay: { path: '/e/far.md', text, mtime: new Date(0) },
      options: { ownerName: 'O' },
    })
    if ('failed' in prepared) throw new Error(prepared.failed)
    expect(openEssay(prepared).parsed.excerpt).toBe('The first paragraph of prose is here at last.')
  })
})
