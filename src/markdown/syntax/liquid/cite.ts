import { bibliographyPlaceholder, citationPlaceholder, splitKeys } from '../citations.js'
import { defineLiquidTag } from './index.js'

/**
 * jekyll-scholar: `{% cite a b %}` cites one or more keys (parenthetical, as its default APA
 * style shows them), `--locator 23` / `-l 23` adds a page; `{% bibliography %}` (any options)
 * marks where the references list goes.
 */
defineLiquidTag('cite', (args) => {
  const locator = /(?:^|\s)(?:--locator|-l)\s+(?:"([^"]*)"|'([^']*)'|(\S+))/.exec(args)
  const keys = splitKeys(args.replace(/(?:^|\s)--?[A-Za-z][\w-]*(?:\s+(?:"[^"]*"|'[^']*'|(?!-)\S+))?/g, ' '), /\s+/)
  if (keys.length === 0) return ''
  const page = locator?.[1] ?? locator?.[2] ?? locator?.[3]
  const items = keys.map((key, i) => (page && i === keys.length - 1 ? { key, suffix: `, ${page}` } : { key }))
  return citationPlaceholder({ mode: 'parenthetical', items })
})

defineLiquidTag('bibliography', () => bibliographyPlaceholder())
