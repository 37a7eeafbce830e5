/**
 * Reading one markdown essay into post fields: frontmatter in YAML, TOML or Franklin `@def`
 * style (or none), title, slug base, excerpt, author, tags, date, status and body.
 */
export { parseEssay } from './parse-essay.js'
export { MAX_EXCERPT_LENGTH } from '../../shared/excerpt-limit.js'
export type { EssayInput, ParseOptions, ParsedEssay } from './types.js'
