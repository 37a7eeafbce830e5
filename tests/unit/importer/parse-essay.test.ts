import { describe, expect, it } from 'vitest'
import { parseEssay } from '../../../src/importer/parse/index.js'
import type { ParsedEssay } from '../../../src/importer/parse/index.js'

const MTIME = new Date('2020-06-01T12:00:00Z')

function parse(text: string, path = '/essays/some-essay.md'): ParsedEssay {
  return parseEssay({ path, text, mtime: MTIME }, { ownerName: 'Site Owner' })
}

describe('parseEssay: title', () => {
  it('turns a markdown/HTML title into plain text', () => {
    expect(parse('---\ntitle: "*Title* with `code` and <b>bold</b>"\n---\n').title).toBe('Title with code and bold')
  })

  it('leaves out the shortcodes a Quarto or Hugo title holds (acederberg/quarto-maths: an icon)', () => {
    const essay = parse('---\ntitle: Basic NLP in `Python` {{< iconify devicon python >}}\n---\n\nText.\n', '/s/i.qmd')
    expect(essay.title).toBe('Basic NLP in Python')
    expect(parse('---\ntitle: "{{% param name %}} notes"\n---\n').title).toBe('notes')
  })

  it('reads a setext heading when there is no frontmatter', () => {
    const essay = parse('Setext Title\n============\n\nThe body of the essay follows the heading here.\n')
    expect(essay.title).toBe('Setext Title')
    expect(essay.body).toBe('The body of the essay follows the heading here.\n')
  })

  it('keeps an h1 that differs from the frontmatter title, and one that comes after prose', () => {
    expect(parse('---\ntitle: T\n---\n# Another heading\n\nText.').body).toBe('# Another heading\n\nText.')
    const late = parse('Intro paragraph comes first here.\n\n# Heading\n')
    expect(late.title).toBe('Heading')
    expect(late.body).toBe('Intro paragraph comes first here.\n\n# Heading\n')
  })

  it('ignores a # line inside a code block', () => {
    expect(parse('```python\n# not a heading\n```\n').title).toBe('Some essay')
  })

  it('humanises the file name when nothing else names the essay', () => {
    expect(parse('Just text.', '/x/softmax-regression.md').title).toBe('Softmax regression')
    expect(parse('Just text.', '/x/chapter_gans/index.md').title).toBe('Chapter gans')
    expect(parse('', '/x/---.md').title).toBe('Untitled')
  })
})

describe('parseEssay: author', () => {
  it.each([
    ['author: "<a href=\\"https://x.org\\">Jameson Nash</a>"', 'Jameson Nash'],
    ['author: By Jane Roe', 'Jane Roe'],
    ['authors: [Ann One, Bo Two, ann one]', 'Ann One, Bo Two'],
    ['author:\n  name: Obj Name\n  email: o@example.org', 'Obj Name'],
    ['authors:\n  - given: Ada\n    family: Lovelace', 'Ada Lovelace'],
    ['author: "Jane Roe <jane@example.org>"', 'Jane Roe'],
    ['author: ""', 'Site Owner'],
    ['author: [{}]', 'Site Owner'],
  ])('%s → %s', (line, expected) => {
    expect(parse(`---\n${line}\n---\nText`).author).toBe(expected)
  })

  it('uses the site owner when there is no author', () => {
    expect(parse('Text only').author).toBe('Site Owner')
  })
})

describe('parseEssay: tags', () => {
  it('merges tags, categories and keywords, trimmed and de-duplicated ignoring case', () => {
    const essay = parse('---\ntags: " Maths ,  #proofs, "\ncategories: [maths, Notes]\nkeywords: notes, "x"\n---\n')
    expect(essay.tags).toEqual(['Maths', 'proofs', 'Notes', 'x'])
  })

  it('reads Franklin arrays', () => {
    expect(parse('@def tags = ["a", "b"]\n\nText').tags).toEqual(['a', 'b'])
  })
})

describe('parseEssay: date', () => {
  it('uses the first readable date key', () => {
    expect(parse('---\ndate: 2021-02-03\npublished: 2000-01-01\n---\n').publishedAt.toISOString()).toBe(
      '2021-02-03T00:00:00.000Z',
    )
    expect(parse('---\npubdate: 8 October 2025\n---\n').publishedAt.toISOString()).toBe('2025-10-08T00:00:00.000Z')
  })

  it('falls back to the modification time, with a warning, for an unreadable date', () => {
    const essay = parse('---\ndate: sometime soon\n---\n')
    expect(essay.publishedAt).toEqual(MTIME)
    expect(essay.warnings).toEqual([
      `date: could not read 'date' ("sometime soon"); using the file's modification time`,
    ])
  })

  it('uses the modification time quietly when there is no date at all', () => {
    const essay = parse('Text')
    expect(essay.publishedAt).toEqual(MTIME)
    expect(essay.warnings).toEqual([])
  })

  it('survives an invalid modification time', () => {
    const essay = parseEssay({ path: 'a.md', text: 'x', mtime: new Date(Number.NaN) }, { ownerName: 'O' })
    expect(Number.isNaN(essay.publishedAt.getTime())).toBe(false)
  })
})

describe('parseEssay: status and featured', () => {
  it.each([
    ['draft: true', 'draft'],
    ['draft: "yes"', 'draft'],
    ['draft: false', 'published'],
    ['status: Draft', 'draft'],
    ['status: published', 'published'],
    ['published: false', 'draft'],
    ['', 'published'],
  ])('%s → %s', (line, expected) => {
    expect(parse(`---\n${line}\n---\n`).status).toBe(expected)
  })

  it('keeps an unknown status as a draft and says so', () => {
    const essay = parse('---\nstatus: someday\n---\n')
    expect(essay.status).toBe('draft')
    expect(essay.warnings).toEqual(["status: 'someday' is neither draft nor published; imported as a draft"])
  })

  it.each([
    ['featured: true', 1],
    ['featured: 1', 1],
    ['featured: "yes"', 1],
    ['featured: no', 0],
    ['', 0],
  ])('%s → featured %d', (line, expected) => {
    expect(parse(`---\n${line}\n---\n`).featured).toBe(expected)
  })
})

describe('parseEssay: excerpt', () => {
  it('skips headings, code, display math, directives, commands, images and HTML', () => {
    const body = [
      '# Title',
      ':label:`sec_x`',
      '',
      '![figure](/f.png)',
      '',
      '<div class="note">raw</div>',
      '',
      '$$',
      'E = mc^2',
      '$$',
      '',
      '$$ a + b $$',
      '',
      '\\toc',
      '',
      '{% include note.html %}',
      '',
      '```js',
      'const x = 1',
      '```',
      '',
      'The **first** real paragraph links to [a page](https://example.org), cites $x^2$ inline',
      'and ends here.[^1]',
      '',
      '[^1]: A footnote.',
    ].join('\n')
    expect(parse(body).excerpt).toBe('The first real paragraph links to a page, cites x² inline and ends here.')
  })

  it('puts a sentence broken around display math back together', () => {
    const essay = parse('**Theorem:** Let\n\n$$ \\label{eq:m}\nX \\sim N(0, 1)\n$$\n\nbe a standard normal variable.\n')
    expect(essay.excerpt).toBe('Theorem: Let X ∼ N(0, 1) be a standard normal variable.')
  })

  it('prefers the description field, but not when it only repeats the title', () => {
    expect(parse('---\ntitle: T\ndescription: "A *good* summary."\n---\nBody paragraph with words.').excerpt).toBe(
      'A good summary.',
    )
    expect(parse('---\ntitle: Same\nsummary: Same\n---\nBody paragraph with enough words.').excerpt).toBe(
      'Body paragraph with enough words.',
    )
  })

  it('prefers the first paragraph over a feed teaser that it continues', () => {
    const essay = parse(
      '@def title = "T"\n@def rss_description = """ T | The opening words of... """\n\nThe opening words of the post continue here.',
    )
    expect(essay.excerpt).toBe('The opening words of the post continue here.')
  })

  it('reads a Franklin feed teaser with its markup flattened as the opening it was copied from', () => {
    // julialang.org's 2019 survey: the feed spells the title with "and", the page with "-".
    const survey = parse(
      '@def title = "Julia User - Developer Survey 2019"\n@def rss_description = """ Julia User and Developer Survey 2019 | We conducted the survey (https://example.org/survey) in June, and the... """\n\nWe conducted the [survey](https://example.org/survey) in June, and the results were presented at JuliaCon.',
    )
    expect(survey.excerpt).toBe('We conducted the survey in June, and the results were presented at JuliaCon.')
    // A teaser cut in the middle of a link's address.
    const cut = parse(
      '@def title = "Hello"\n@def rss_description = """ Hello | Say hi to our own bot (https://github.com/DiffE... """\n\nSay hi to our own [bot](https://github.com/DiffEqBot), which runs benchmarks.',
    )
    expect(cut.excerpt).toBe('Say hi to our own bot, which runs benchmarks.')
  })

  it('prefers the first paragraph to a feed teaser cut from what the page does not show as its opening', () => {
    // julialang.org's CUDAnative preview: the feed cut its teaser from an HTML comment.
    const comment = parse(
      '@def title = "Technical preview"\n@def rss_description = """ Technical preview | could use Franklin\'s commands to allow this as variable?... """\n\n<!--\ncould use Franklin\'s commands to allow this as variable?\n-->\n\nAfter 2 years of development, we announce a preview.',
    )
    expect(comment.excerpt).toBe('After 2 years of development, we announce a preview.')
    // nor is it the page's description for search engines
    expect(comment.metaDescription).toBeNull()
    // Its ML post: the teaser is the epigraph, which the excerpt passes over for the essay's own words.
    const epigraph = parse(
      '@def title = "On ML"\n@def rss_description = """ On ML | > Any complicated system contains half a language.^greenspun ... """\n\n> Any complicated system contains half a language.[^greenspun]\n\nMachine learning is on fire.\n\n[^greenspun]: After Greenspun.',
    )
    expect(epigraph.excerpt).toBe('Machine learning is on fire.')
    // A reference link written out as its text and its label.
    const reference = parse(
      '@def title = "多线程"\n@def rss_description = """ 多线程 | 摩尔定律带来的免费性能提升（free lunch） free lunch 几近结束，... """\n\n摩尔定律带来的[免费性能提升（free lunch）][free lunch]几近结束。\n\n[free lunch]: https://example.org/',
    )
    expect(reference.excerpt).toBe('摩尔定律带来的免费性能提升（free lunch）几近结束。')
    // Its "Put This In Your Pipe": the teaser passed over a note about the post, and so does the excerpt.
    const note = parse(
      '@def title = "Pipe"\n@def rss_description = """ Pipe | In a previous post (/blog/shelling-out/), I talked about shells... """\n\n**Note:** This post has been updated to work with Julia 1.x.\n\nIn a [previous post](/blog/shelling-out/), I talked about shells and their bugs.',
    )
    expect(note.excerpt).toBe('In a previous post, I talked about shells and their bugs.')
  })

  it('drops the title in front of a description, whatever mark follows it', () => {
    const psa = parse(
      '+++\ntitle = "PSA: Thread-local state is no longer recommended"\nrss_description = """PSA: Thread-local state is no longer recommended; Common misconceptions about threadid()"""\n+++\n\n*Common misconceptions about threadid()*\n\n## The buggy pattern\n\nSome code has races.',
    )
    expect(psa.excerpt).toBe('Common misconceptions about threadid()')
    const colon = parse('---\ntitle: Solvers\ndescription: "Solvers: How we made them fast."\n---\n\nOther words.')
    expect(colon.excerpt).toBe('How we made them fast.')
    // one sentence that starts with the title stays whole
    const sentence = parse('---\ntitle: Solvers\ndescription: "Solvers: how we made them fast."\n---\n\nOther words.')
    expect(sentence.excerpt).toBe('Solvers: how we made them fast.')
    // The title's own colon is not where it ends; nor is a description that is only the title cut.
    const own = parse('---\ntitle: "PSA: Read me"\ndescription: "PSA: a warning for all."\n---\n\nOther words.')
    expect(own.excerpt).toBe('PSA: a warning for all.')
  })

  it('prefers the first paragraph to a description that is the title again, or words cut from that paragraph', () => {
    // the title with a full stop, or with an ellipsis (julialang.org's feed descriptions)
    const body = '\n\nWe took part in the programme, and wrote these pages.'
    expect(parse(`---\ntitle: Season of Docs Wrap-Up\ndescription: Season of Docs Wrap-Up.\n---${body}`).excerpt).toBe(
      'We took part in the programme, and wrote these pages.',
    )
    expect(
      parse(`---\ntitle: A Library – for Equations\ndescription: A Library – for Equations...\n---${body}`).excerpt,
    ).toBe('We took part in the programme, and wrote these pages.')
    // a teaser cut from inside the opening sentence
    const invitation = parse(
      '---\ntitle: An invitation\ndescription: the annual meeting of the language community....\n---\n\nWe invite you to the conference, the annual meeting of the language community.',
    )
    expect(invitation.excerpt).toBe('We invite you to the conference, the annual meeting of the language community.')
    // the opening paragraph with its links written out as text, whole
    const flat = parse(
      '---\ntitle: Solvers\ndescription: We implement the method in Solvers.jl (https://example.org/solvers). It is fast.\n---\n\nWe implement the method in [Solvers.jl](https://example.org/solvers). It is fast. And tested.',
    )
    expect(flat.excerpt).toBe('We implement the method in Solvers.jl. It is fast. And tested.')
    // a description of only an ellipsis is none, prose or not
    expect(parse('---\ntitle: T\ndescription: ...\n---\n\n```\ncode only\n```\n').excerpt).toBe('')
    // a description of its own, which the opening does not begin with, stays
    expect(parse(`---\ntitle: T\ndescription: What the programme taught us.\n---${body}`).excerpt).toBe(
      'What the programme taught us.',
    )
  })

  it('drops a picture and a footnote mark written out as text, and a teaser left with nothing', () => {
    // julialang.org's pi day post: the teaser was the picture and its credit mark.
    const pi = parse(
      '@def title = "Some fun with &pi; in Julia"\n@def rss_description = """ Some fun with &pi; in Julia | !pi (/assets/blog/pi.png) ^credit ... """\n\n![pi](/assets/pi.png)\n\nLike most technical languages, Julia provides a constant for π.',
    )
    expect(pi.excerpt).toBe('Like most technical languages, Julia provides a constant for π.')
    expect(pi.metaDescription).toBeNull()
    const quote = parse(
      '---\ntitle: T\ndescription: "任何足够复杂的系统都有一门语言。^greenspun A second sentence."\n---\nBody.',
    )
    expect(quote.excerpt).toBe('任何足够复杂的系统都有一门语言。 A second sentence.')
    // A caret in a formula is not a footnote mark.
    expect(parse('---\ntitle: T\ndescription: "Where x^2 grows."\n---\nBody.').excerpt).toBe('Where x^2 grows.')
  })

  it('caps the excerpt at 300 characters, cut at a word', () => {
    const essay = parse(`${'lorem ipsum '.repeat(60)}\n`)
    expect(essay.excerpt.length).toBeLessThanOrEqual(300)
    expect(essay.excerpt.endsWith('…')).toBe(true)
    expect(essay.excerpt).not.toMatch(/\s…$/)
  })

  it('takes a paragraph inside a list when there is no other prose', () => {
    expect(parse('- An item that holds the only prose of this text.\n').excerpt).toBe(
      'An item that holds the only prose of this text.',
    )
  })
})

describe('parseEssay: long essays', () => {
  // Long bodies are scanned in prefixes first; these cases check that gives the same answer.
  const filler = Array.from({ length: 400 }, (_, i) => `Filler paragraph number ${i} with a few more words.`).join(
    '\n\n',
  )

  it('resolves a reference link defined at the end, even with a fence open at the cut', () => {
    const fence = '```text\n' + 'code line\n\n'.repeat(300) + '```'
    const text = `# Long Essay\n\n${fence}\n\nSee [the source][src] for details on this.\n\n${filler}\n\n[src]: https://example.org\n`
    const essay = parse(text)
    expect(essay.title).toBe('Long Essay')
    expect(essay.excerpt).toBe('See the source for details on this.')
    expect(essay.body.startsWith('```text\n')).toBe(true)
  })

  it('removes the leading title heading of a long essay at the right place', () => {
    const text = `---\ntitle: Long Essay\n---\n\n<!-- note -->\n\n# Long Essay\n\nOpening paragraph of the long essay.\n\n${filler}\n\n[^1]: A note.\n`
    const essay = parse(text)
    expect(essay.body.startsWith('<!-- note -->\n\nOpening paragraph of the long essay.')).toBe(true)
    expect(essay.excerpt).toBe('Opening paragraph of the long essay.')
  })
})

describe('parseEssay: MyST pages', () => {
  it('takes the title heading after block breaks, targets and comments, which say nothing', () => {
    const text =
      '---\nkernelspec:\n  name: python3\n---\n\n+++ {"user_expressions": []}\n\n(eigen)=\n% a comment\n# Eigenvalues\n\nThe opening paragraph of the lecture.\n'
    const essay = parse(text)
    expect(essay.title).toBe('Eigenvalues')
    expect(essay.body).not.toContain('# Eigenvalues')
    expect(essay.excerpt).toBe('The opening paragraph of the lecture.')
  })
})

describe('parseEssay: robustness', () => {
  it('normalises a BOM and CRLF line endings', () => {
    const essay = parse('\uFEFF---\r\ntitle: Windows\r\n---\r\nLine one\r\nLine two\r\n')
    expect(essay.title).toBe('Windows')
    expect(essay.body).toBe('Line one\nLine two\n')
  })

  it.each([
    ['only a delimiter', '---'],
    ['only +++', '+++\n'],
    ['an unclosed TOML block', '+++\ntitle = "x"\n'],
    ['a lone @def', '@def'],
    ['NUL and control characters', '\u0000\u0001\u0002# x'],
    ['deep brackets', `@def x = ${'['.repeat(10_000)}`],
    ['deep YAML', `---\nx: ${'['.repeat(10_000)}\n---\n`],
    [
      'alias bomb',
      '---\na: &a [1,1,1,1,1,1,1,1,1,1]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: [*c,*c,*c,*c,*c,*c,*c,*c,*c,*c]\n---\n',
    ],
    ['lone surrogates', '# \uD800 title \uDC00'],
  ])('never throws on %s', (_name, text) => {
    const essay = parse(text)
    expect(essay.title.length).toBeGreaterThan(0)
    expect(essay.slug.length).toBeGreaterThan(0)
  })

  it('parses a 25,000-word essay with hostile markup quickly', () => {
    const paragraph = 'A sentence with *emphasis*, `code`, $x_1$ and [a link](https://example.org). '
    const hostile = ['[', '*', '_', '`', '$', '<!--', '<a ', '{%', '\\['].map((s) => s.repeat(2_000)).join('\n\n')
    // Thousands of emphasis delimiters in one paragraph make markdown parsers quadratic.
    const delimiters = '*a_'.repeat(30_000)
    const text = `---\ntitle: Long\n---\n\n${hostile}\n\n${delimiters}\n\n${(paragraph.repeat(20) + '\n\n').repeat(120)}`
    const started = performance.now()
    const essay = parse(text)
    expect(performance.now() - started).toBeLessThan(10_000)
    expect(essay.title).toBe('Long')
  })
})
