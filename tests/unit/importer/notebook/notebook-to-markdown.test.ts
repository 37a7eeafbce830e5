import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { notebookSource } from '../../../../src/importer/notebook/notebook-source.js'
import { projectRoot } from '../../../helpers/temp-dir.js'

const fixtures = join(projectRoot, 'tests', 'fixtures', 'notebooks')
const read = (name: string) => readFileSync(join(fixtures, name), 'utf8')

function convert(notebook: unknown) {
  const result = notebookSource(JSON.stringify(notebook))
  if (!result.ok) throw new Error(result.error)
  return result
}

const notebook = (cells: unknown[], metadata: Record<string, unknown> = {}) => ({
  nbformat: 4,
  nbformat_minor: 5,
  metadata: { kernelspec: { name: 'python3', language: 'python', display_name: 'Python 3' }, ...metadata },
  cells,
})
const code = (source: string, outputs: unknown[] = [], tags?: string[]) => ({
  cell_type: 'code',
  source,
  metadata: tags ? { tags } : {},
  outputs,
  execution_count: 1,
})
const markdown = (source: string | string[]) => ({ cell_type: 'markdown', source, metadata: {} })

describe('a notebook with every kind of stored output', () => {
  const result = notebookSource(read('plot-output.ipynb'))
  if (!result.ok) throw new Error(result.error)
  const { text, embedded } = result

  it('takes its front matter from the metadata and its title from the first heading', () => {
    expect(text.startsWith('---\n')).toBe(true)
    expect(text).toContain('title: Plotting a decay')
    expect(text).toContain('  - name: Ada Lovelace')
    expect(text).toContain('kernelspec:\n  name: python3')
  })

  it('fences code in the kernel language and keeps markdown cells as written', () => {
    expect(text).toContain("```python\nimport math\nprint('sum is', 1 + 2)\nprint('done')\n```")
    expect(text).toContain('citing {cite}`knuth1984`.')
  })

  it('keeps printed text as one output block, a plot as a captioned figure, a table as HTML, LaTeX as math', () => {
    expect(text).toContain('```output\nsum is 3\ndone\n```')
    expect(text).toMatch(/!\[Exponential decay\]\(notebook-output-[0-9a-f]{16}\.png\)/)
    expect(text).not.toContain('#| caption')
    expect(text).toContain('<table class="dataframe">\n  <thead><tr><th>x</th><th>y</th></tr></thead>\n  <tbody>')
    expect(text).not.toMatch(/<style|vertical-align/)
    expect(text).toContain('$$\n\\displaystyle \\int x\\, dx\n$$')
    // The table's text/plain twin and the figure's "<Figure size …>" are not shown as well.
    expect(text).not.toContain('<Figure size')
    expect(text).not.toContain('0  1  0.37')
  })

  it('drops errors, widgets and raw cells for other formats', () => {
    expect(text).not.toMatch(/ZeroDivisionError|IntSlider|model_id|\\newpage/)
  })

  it('honours remove-input, remove-output and remove-cell', () => {
    expect(text).not.toContain('secret_setup_code')
    expect(text).toMatch(/!\[\]\(notebook-output-[0-9a-f]{16}\.svg\)/)
    expect(text).toContain('```python\nnoisy()\n```')
    expect(text).not.toContain('LOTS OF NOISE')
    expect(text).not.toContain('hidden_entirely')
  })

  it('points attachment: references at the bytes the cell carries, and keeps every picture’s bytes', () => {
    expect(text).toMatch(/!\[a blue dot\]\(notebook-attachment-[0-9a-f]{16}\.png\)/)
    expect(text).not.toContain('attachment:dot.png')
    const files = [...embedded.entries()]
    expect(files.map(([, f]) => f.ext).sort()).toEqual(['png', 'png', 'svg'])
    for (const [reference, file] of files) {
      expect(text).toContain(`(${reference})`)
      if (file.ext === 'png') expect([...file.bytes.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47])
      else expect(Buffer.from(file.bytes).toString('utf8')).toMatch(/^<svg /)
    }
  })
})

describe('notebook metadata and cells', () => {
  it('prefers metadata.title, then the first cell’s own front matter (mystmd)', () => {
    const { text } = convert(
      notebook([markdown('---\ntitle: From the cell\ndate: 2024-05-01\n---\n# Heading\n\nBody.')], {
        title: 'From metadata',
      }),
    )
    expect(text).toMatch(/^---\ntitle: From the cell\ndate: 2024-05-01\n/)
    expect(text).toContain('# Heading\n\nBody.')
  })

  it('reads the language from language_info when the kernel does not say, and IPython as Python', () => {
    const { text } = convert({ ...notebook([code('x = 1')]), metadata: { language_info: { name: 'ipython3' } } })
    expect(text).toContain('```python\nx = 1\n```')
    const julia = convert({
      ...notebook([code('x = 1')]),
      metadata: { kernelspec: { name: 'julia-1.9', language: 'julia' } },
    })
    expect(julia.text).toContain('```julia\nx = 1\n```')
  })

  it('merges a loop’s prints, shows a progress bar as last drawn, without colour codes', () => {
    const outputs = [
      { output_type: 'stream', name: 'stdout', text: 'a\n' },
      { output_type: 'stream', name: 'stdout', text: ['b\n'] },
      { output_type: 'stream', name: 'stderr', text: '\u001b[31m 10%\r 50%\r100%\u001b[0m\n' },
    ]
    const { text } = convert(notebook([code('run()', outputs)]))
    expect(text).toContain('```output\na\nb\n```\n\n```output\n100%\n```')
  })

  it('fences code holding backticks with a longer fence, and keeps HTML and Markdown raw cells', () => {
    const { text } = convert(
      notebook([
        code('s = """```"""'),
        { cell_type: 'raw', source: '<b>raw html</b>', metadata: { raw_mimetype: 'text/html' } },
        { cell_type: 'raw', source: 'raw *markdown*', metadata: { format: 'text/markdown' } },
      ]),
    )
    expect(text).toContain('````python\ns = """```"""\n````')
    expect(text).toContain('<b>raw html</b>')
    expect(text).toContain('raw *markdown*')
  })

  it('leaves out interactive HTML (scripts) and text/markdown outputs are kept', () => {
    const outputs = [
      { output_type: 'display_data', metadata: {}, data: { 'text/html': '<div id="p"></div><script>plot()</script>' } },
      { output_type: 'display_data', metadata: {}, data: { 'text/markdown': '**bold**', 'text/plain': 'x' } },
    ]
    const { text } = convert(notebook([code('show()', outputs)]))
    expect(text).not.toContain('<script')
    expect(text).toContain('**bold**')
  })
})

describe('a real Jupyter Book notebook (jupyter-book docs, 2020)', () => {
  const result = notebookSource(read('jupyter-book-notebooks.ipynb'))
  if (!result.ok) throw new Error(result.error)
  const { text } = result

  it('keeps its MyST for the MyST reader and honours its tags', () => {
    expect(text).toContain('title: Jupyter Notebooks')
    expect(text).toContain('```{margin}')
    expect(text).toContain('{download}`this notebook file <./notebooks.ipynb>`')
    expect(text).not.toContain('none of this should show up in the textbook')
    expect(text).not.toContain('Smoother linez')
    // hide-input only folds the code away in Jupyter Book: it is still published.
    expect(text).toContain('this plot *will* show up in the textbook.')
  })
})
