import type { EssayInput } from '../../provider.js'

/** Words that mark a field; the field whose words the essay uses most is its field. */
const FIELDS: [string, RegExp][] = [
  [
    'Statistics',
    /\b(?:regression|estimat\w*|variance|likelihood|posterior|prior|hypothes[ie]s|sample|statistic\w*|covariance|bayes\w*|inference)\b/gi,
  ],
  [
    'Probability',
    /\b(?:probabilit\w*|random variables?|distributions?|expectation|stochastic|density|moment-generating|conditional)\b/gi,
  ],
  [
    'Machine learning',
    /\b(?:neural|training|learning rate|gradient descent|deep learning|machine learning|classifier|dataset|loss function|overfitting|transformer|attention|embedding)\b/gi,
  ],
  [
    'Optimization',
    /\b(?:optimi[sz]\w*|convex\w*|minimi[sz]\w*|gradient|objective function|constraint\w*|lagrang\w*)\b/gi,
  ],
  ['Linear algebra', /\b(?:matri(?:x|ces)|eigen\w*|vector spaces?|linear maps?|determinant|orthogonal|rank)\b/gi],
  ['Calculus and analysis', /\b(?:integral\w*|derivative\w*|differential|limit|converge\w*|series|continuous)\b/gi],
  [
    'Computing and software',
    /\b(?:compiler|package\w*|julia|python|threads?|gpu|performance|function calls?|runtime|library|libraries|api|code|release)\b/gi,
  ],
  ['Physics', /\b(?:energy|momentum|particle\w*|quantum|velocity|force|mass|thermodynamic\w*)\b/gi],
  ['Economics', /\b(?:price\w*|market\w*|economic\w*|utility|demand|supply|inflation)\b/gi],
]

/**
 * The model's field: the essay's first tag, else its frontmatter chapter or topic, else the
 * field whose vocabulary its title and text use most (computed, so it is named "General" when
 * no field stands out).
 */
export function fieldOf(input: EssayInput): string {
  if (input.post.tags[0]) return input.post.tags[0]
  for (const key of ['chapter', 'topic', 'section', 'category']) {
    const v = input.frontmatter[key]
    if (typeof v === 'string' && v.trim()) return v.trim()
  }
  const text = `${input.post.title} ${input.post.title} ${input.plainText.slice(0, 50_000)}`
  let best = { field: 'General', hits: 2 }
  for (const [field, words] of FIELDS) {
    const hits = text.match(words)?.length ?? 0
    if (hits > best.hits) best = { field, hits }
  }
  return best.field
}
