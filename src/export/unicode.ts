/**
 * pdflatex with `inputenc` knows the Latin letters of Western and Central European languages
 * and stops with an error at any other character. Every other character the document holds
 * gets a `\DeclareUnicodeCharacter` (part of LaTeX itself, no package needed): a LaTeX command
 * for Greek, mathematical and typographic characters, an accented letter built from its
 * parts, or, for anything else, its code point in brackets. Chinese, Japanese and Korean text
 * is set with the CJKutf8 package instead.
 */

const MATH: Record<string, string> = {
  // Greek
  α: '\\alpha',
  β: '\\beta',
  γ: '\\gamma',
  δ: '\\delta',
  ε: '\\varepsilon',
  ζ: '\\zeta',
  η: '\\eta',
  θ: '\\theta',
  ι: '\\iota',
  κ: '\\kappa',
  λ: '\\lambda',
  μ: '\\mu',
  ν: '\\nu',
  ξ: '\\xi',
  ο: 'o',
  π: '\\pi',
  ρ: '\\rho',
  ς: '\\varsigma',
  σ: '\\sigma',
  τ: '\\tau',
  υ: '\\upsilon',
  φ: '\\varphi',
  χ: '\\chi',
  ψ: '\\psi',
  ω: '\\omega',
  ϑ: '\\vartheta',
  ϕ: '\\phi',
  ϖ: '\\varpi',
  ϱ: '\\varrho',
  ϵ: '\\epsilon',
  Α: '\\mathrm{A}',
  Β: '\\mathrm{B}',
  Γ: '\\Gamma',
  Δ: '\\Delta',
  Ε: '\\mathrm{E}',
  Ζ: '\\mathrm{Z}',
  Η: '\\mathrm{H}',
  Θ: '\\Theta',
  Ι: '\\mathrm{I}',
  Κ: '\\mathrm{K}',
  Λ: '\\Lambda',
  Μ: '\\mathrm{M}',
  Ν: '\\mathrm{N}',
  Ξ: '\\Xi',
  Ο: '\\mathrm{O}',
  Π: '\\Pi',
  Ρ: '\\mathrm{P}',
  Σ: '\\Sigma',
  Τ: '\\mathrm{T}',
  Υ: '\\Upsilon',
  Φ: '\\Phi',
  Χ: '\\mathrm{X}',
  Ψ: '\\Psi',
  Ω: '\\Omega',
  // Latin-1 characters inputenc sets as text symbols, which are errors inside a formula
  '×': '\\times',
  '÷': '\\div',
  '±': '\\pm',
  '·': '\\cdot',
  '¬': '\\neg',
  '°': '{}^{\\circ}',
  µ: '\\mu',
  '¹': '{}^{1}',
  '²': '{}^{2}',
  '³': '{}^{3}',
  '¼': '\\tfrac{1}{4}',
  '½': '\\tfrac{1}{2}',
  '¾': '\\tfrac{3}{4}',
  // Operators and relations
  '∀': '\\forall',
  '∂': '\\partial',
  '∃': '\\exists',
  '∄': '\\nexists',
  '∅': '\\emptyset',
  '∇': '\\nabla',
  '∈': '\\in',
  '∉': '\\notin',
  '∋': '\\ni',
  '∏': '\\prod',
  '∑': '\\sum',
  '−': '-',
  '∓': '\\mp',
  '∗': '\\ast',
  '∘': '\\circ',
  '∙': '\\bullet',
  '√': '\\surd',
  '∝': '\\propto',
  '∞': '\\infty',
  '∠': '\\angle',
  '∣': '\\mid',
  '∥': '\\parallel',
  '∧': '\\wedge',
  '∨': '\\vee',
  '∩': '\\cap',
  '∪': '\\cup',
  '∫': '\\int',
  '∬': '\\iint',
  '∮': '\\oint',
  '∴': '\\therefore',
  '∵': '\\because',
  '∼': '\\sim',
  '≃': '\\simeq',
  '≅': '\\cong',
  '≈': '\\approx',
  '≠': '\\neq',
  '≡': '\\equiv',
  '≤': '\\leq',
  '≥': '\\geq',
  '≪': '\\ll',
  '≫': '\\gg',
  '⊂': '\\subset',
  '⊃': '\\supset',
  '⊆': '\\subseteq',
  '⊇': '\\supseteq',
  '⊕': '\\oplus',
  '⊗': '\\otimes',
  '⊙': '\\odot',
  '⊤': '\\top',
  '⊥': '\\perp',
  '⊢': '\\vdash',
  '⊨': '\\models',
  '⋅': '\\cdot',
  '⋆': '\\star',
  '⋯': '\\cdots',
  '⋮': '\\vdots',
  '⋱': '\\ddots',
  '∖': '\\setminus',
  '≔': '\\mathrel{:}=',
  '≺': '\\prec',
  '≻': '\\succ',
  '⌈': '\\lceil',
  '⌉': '\\rceil',
  '⌊': '\\lfloor',
  '⌋': '\\rfloor',
  '⟨': '\\langle',
  '⟩': '\\rangle',
  '←': '\\leftarrow',
  '↑': '\\uparrow',
  '→': '\\rightarrow',
  '↓': '\\downarrow',
  '↔': '\\leftrightarrow',
  '↦': '\\mapsto',
  '⇐': '\\Leftarrow',
  '⇒': '\\Rightarrow',
  '⇔': '\\Leftrightarrow',
  '⟵': '\\longleftarrow',
  '⟶': '\\longrightarrow',
  '⟹': '\\Longrightarrow',
  '⟺': '\\Longleftrightarrow',
  '↪': '\\hookrightarrow',
  ℓ: '\\ell',
  ℏ: '\\hbar',
  ℵ: '\\aleph',
  ℑ: '\\Im',
  ℜ: '\\Re',
  '℘': '\\wp',
  ℕ: '\\mathbb{N}',
  ℤ: '\\mathbb{Z}',
  ℚ: '\\mathbb{Q}',
  ℝ: '\\mathbb{R}',
  ℂ: '\\mathbb{C}',
  ℙ: '\\mathbb{P}',
  '′': '{}^{\\prime}',
  '″': '{}^{\\prime\\prime}',
  '✓': '\\checkmark',
  '✗': '\\times',
  '★': '\\bigstar',
  '□': '\\square',
  '■': '\\blacksquare',
  '◦': '\\circ',
  '♠': '\\spadesuit',
  '♣': '\\clubsuit',
  '♥': '\\heartsuit',
  '♦': '\\diamondsuit',
  '✔': '\\checkmark',
  '❌': '\\times',
  '⁰': '{}^{0}',
  '⁴': '{}^{4}',
  '⁵': '{}^{5}',
  '⁶': '{}^{6}',
  '⁷': '{}^{7}',
  '⁸': '{}^{8}',
  '⁹': '{}^{9}',
  ⁿ: '{}^{n}',
  '⁺': '{}^{+}',
  '⁻': '{}^{-}',
  ᵀ: '{}^{T}',
  ₐ: '{}_{a}',
  ₑ: '{}_{e}',
  ₓ: '{}_{x}',
  ₜ: '{}_{t}',
  '⊻': '\\veebar',
  '₀': '{}_{0}',
  '₁': '{}_{1}',
  '₂': '{}_{2}',
  '₃': '{}_{3}',
  '₄': '{}_{4}',
  '₅': '{}_{5}',
  '₆': '{}_{6}',
  '₇': '{}_{7}',
  '₈': '{}_{8}',
  '₉': '{}_{9}',
  ᵢ: '{}_{i}',
  ⱼ: '{}_{j}',
  ₖ: '{}_{k}',
  ₙ: '{}_{n}',
}

const TEXT: Record<string, string> = {
  '–': '\\textendash',
  '—': '\\textemdash',
  '‘': '\\textquoteleft',
  '’': '\\textquoteright',
  '“': '\\textquotedblleft',
  '”': '\\textquotedblright',
  '„': '\\quotedblbase',
  '‚': '\\quotesinglbase',
  '…': '\\textellipsis',
  '•': '\\textbullet',
  '†': '\\textdagger',
  '‡': '\\textdaggerdbl',
  '‰': '\\textperthousand',
  '€': '\\texteuro',
  '™': '\\texttrademark',
  '№': '\\textnumero',
  '‹': '\\guilsinglleft',
  '›': '\\guilsinglright',
  '‐': '-',
  '‑': '-',
  '‒': '--',
  '―': '---',
  '⁄': '/',
  ı: '\\i',
  ȷ: '\\j',
  // Latin letters T1 may lack
  Ħ: 'H',
  ħ: 'h',
  Ŧ: 'T',
  ŧ: 't',
  ĸ: 'k',
  ŉ: "'n",
  ſ: 's',
  Ŀ: 'L\\textperiodcentered{}',
  ŀ: 'l\\textperiodcentered{}',
}

const SPACE: Record<string, string> = {
  '\u2002': '\\enspace',
  '\u2003': '\\quad',
  '\u2009': '\\,',
  '\u200A': '\\,',
  '\u202F': '\\,',
  '\u2028': ' ',
  '\u2029': ' ',
  '\u3000': '\\quad',
}

/** Accents LaTeX builds from a letter and a command, by the combining character of the decomposed form. */
const ACCENT: Record<string, string> = {
  '\u0300': '\\`',
  '\u0301': "\\'",
  '\u0302': '\\^',
  '\u0303': '\\~',
  '\u0304': '\\=',
  '\u0306': '\\u',
  '\u0307': '\\.',
  '\u0308': '\\"',
  '\u030A': '\\r',
  '\u030B': '\\H',
  '\u030C': '\\v',
  '\u0323': '\\d',
  '\u0326': '\\c',
  '\u0327': '\\c',
  '\u0328': '\\k',
  '\u0331': '\\b',
}

/** Letters of Latin-1 and Latin Extended-A, which `inputenc` with T1 sets by itself. */
const NATIVE = /^[\u00A0-\u017F]$/u
/** Control, zero-width and formatting characters (combining marks standing alone among them): nothing to print. */
const INVISIBLE: Array<[number, number]> = [
  [0x0080, 0x009f],
  [0x00ad, 0x00ad],
  [0x0300, 0x036f],
  [0x200b, 0x200f],
  [0x2060, 0x2064],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
]
const CJK =
  /[\u2E80-\u2FDF\u3000-\u30FF\u3100-\u312F\u3190-\u31FF\u3400-\u4DBF\u4E00-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFF00-\uFFEF]|[\u{20000}-\u{2FA1F}]/u

/** Whether `text` holds Chinese, Japanese or Korean characters (set with CJKutf8). */
export function hasCjk(text: string): boolean {
  return CJK.test(text)
}

/** `\DeclareUnicodeCharacter` lines for every character of `text` pdflatex would not know, sorted by code point. */
export function unicodeDeclarations(text: string, cjk: boolean): string[] {
  const seen = new Set<number>()
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0
    if (cp < 0x80 || seen.has(cp)) continue
    if (cjk && CJK.test(ch)) continue
    if (NATIVE.test(ch) && !(ch in MATH) && !(ch in TEXT)) continue
    seen.add(cp)
  }
  return [...seen]
    .sort((a, b) => a - b)
    .map((cp) => {
      const hex = cp.toString(16).toUpperCase().padStart(4, '0')
      return `\\DeclareUnicodeCharacter{${hex}}{${replacement(String.fromCodePoint(cp), hex)}}`
    })
}

function replacement(ch: string, hex: string): string {
  if (ch in MATH) return `\\ensuremath{${MATH[ch]}}`
  if (ch in TEXT) return `\\text{${TEXT[ch]}}`
  if (ch in SPACE) return SPACE[ch]
  const cp = ch.codePointAt(0) ?? 0
  if (INVISIBLE.some(([from, to]) => cp >= from && cp <= to)) return ''
  const accented = fromParts(ch)
  if (accented) return `\\text{${accented}}`
  const drawn = boxDrawing(ch)
  if (drawn) return `\\text{${drawn}}`
  const compatible = fromCompatible(ch)
  if (compatible) return compatible
  return `\\text{\\ttfamily[U+${hex}]}`
}

/** Box-drawing lines (directory trees in code blocks) as ASCII art. */
function boxDrawing(ch: string): string | null {
  const cp = ch.codePointAt(0) ?? 0
  if (cp < 0x2500 || cp > 0x257f) return null
  if ([0x2500, 0x2501, 0x2504, 0x2505, 0x2508, 0x2509, 0x254c, 0x254d, 0x2550].includes(cp)) return '-'
  if ([0x2502, 0x2503, 0x2506, 0x2507, 0x250a, 0x250b, 0x254e, 0x254f, 0x2551].includes(cp)) return '\\textbar{}'
  return '+'
}

/**
 * A styled or compatibility form of a known character (mathematical italic `𝜋`, script `ℯ`,
 * circled `Ⓟ`): its plain form, which the tables above or ASCII cover.
 */
function fromCompatible(ch: string): string | null {
  const plain = ch.normalize('NFKC')
  if (plain === ch || [...plain].length !== 1) return null
  if (plain in MATH) return `\\ensuremath{${MATH[plain]}}`
  if (/^[A-Za-z0-9]$/.test(plain)) return plain
  return null
}

/** `ṡ` → `\.{s}`; null unless the character is an ASCII letter with accents LaTeX has. */
function fromParts(ch: string): string | null {
  const [base, ...marks] = [...ch.normalize('NFD')]
  if (!base || !/^[A-Za-z]$/.test(base) || marks.length === 0 || !marks.every((m) => m in ACCENT)) return null
  const letter = base === 'i' && marks.some((m) => m < '\u0323') ? '\\i' : base
  return marks.reduce((inner, mark) => `${ACCENT[mark]}{${inner}}`, letter)
}
