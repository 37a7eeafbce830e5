import type { Root } from 'hast'
import { toHtml } from 'hast-util-to-html'
import rehypeRaw from 'rehype-raw'
import remarkParse from 'remark-parse'
import remarkRehype from 'remark-rehype'
import { unified } from 'unified'
import { describe, expect, it } from 'vitest'
import rehypeRawIfNeeded from '../../../src/markdown/plugins/rehype-raw-if-needed.js'

// The links the preprocessor writes as HTML, and line breaks, are made elements without sending
// the whole essay through parse5; what comes out must be what rehype-raw makes of the same tree.
const toHast = (markdown: string): Root => {
  const processor = unified().use(remarkParse).use(remarkRehype, { allowDangerousHtml: true })
  return processor.runSync(processor.parse(markdown)) as Root
}
const viaShortcut = (markdown: string) => toHtml(unified().use(rehypeRawIfNeeded).runSync(toHast(markdown)))
const viaRehypeRaw = (markdown: string) => toHtml(unified().use(rehypeRaw).runSync(toHast(markdown)))

describe('raw HTML made elements without the whole-tree pass', () => {
  const cases: Record<string, string> = {
    'an equation link': 'As <a href="#eq-eq%3Aglm">(3)</a> shows.',
    'a reference to another chapter': 'See <a href="#sec_linear" data-xref="label:sec_linear">Section “linear”</a>.',
    'an attribute with entities': 'See <a href="#x" data-xref="label:a&amp;b &quot;c&quot;">it</a>.',
    'emphasis inside a link': 'See <a href="#x">the *main* result</a> and <a href="#y">another</a>.',
    'a line break': 'one<br>two<br/>three',
    'an anchor with no text': '<a id="here"></a>Text.',
    'code opening with an empty line, beside a link': 'See <a href="#x">this</a>.\n\n```\n\nfirst\n```',
    'code opening with two empty lines': '```\n\n\nfirst\n```\n\nA <a href="#x">link</a>.',
  }
  for (const [name, markdown] of Object.entries(cases))
    it(`${name}: the same HTML as rehype-raw`, () => {
      expect(viaShortcut(markdown)).toBe(viaRehypeRaw(markdown))
    })

  it('leaves any other HTML to rehype-raw, with the same result', () => {
    for (const markdown of [
      '<div class="md-note">\n\nA *note* with <a href="#x">a link</a>.\n\n</div>',
      'A <span>span</span> and <a href="#x">a link</a>.',
      'An unclosed <a href="#x">link.',
      'Nested <a href="#x">outer <a href="#y">inner</a></a>.',
    ])
      expect(viaShortcut(markdown)).toBe(viaRehypeRaw(markdown))
  })

  it('keeps a tree without HTML as it is', () => {
    const tree = toHast('```\n\nfirst\n```')
    expect(toHtml(unified().use(rehypeRawIfNeeded).runSync(tree))).toBe('<pre><code>\nfirst\n</code></pre>')
  })
})
