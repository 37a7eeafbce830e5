import { describe, expect, it } from 'vitest'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'

/**
 * Issue 25: an API path is written once, in the endpoint table (src/shared/api). Anywhere else
 * in src/ and web/ a string or template literal naming an /api address fails here; comments
 * may still say which call a function makes. Feeds, the sitemap, media and pages are not the
 * JSON API and are not looked for.
 */
const root = join(import.meta.dirname, '..', '..', '..')
const TABLE = join('src', 'shared', 'api')
const API_LITERAL = /(^|[^\w.])\/api(\/|\?|$)/

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path)
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [path] : []
  })
}

function apiLiterals(file: string): string[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  )
  const found: string[] = []
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteralLike(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      if (API_LITERAL.test(node.text))
        found.push(
          `${relative(root, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${JSON.stringify(node.text)}`,
        )
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

describe('API paths', () => {
  it('are written in the endpoint table only (src/ and web/)', () => {
    const files = [...sourceFiles(join(root, 'src')), ...sourceFiles(join(root, 'web'))].filter(
      (f) => !relative(root, f).startsWith(TABLE),
    )
    expect(files.length).toBeGreaterThan(100)
    expect(files.flatMap(apiLiterals)).toEqual([])
  })

  it('the check itself finds a literal path (it is not blind)', () => {
    expect(apiLiterals(join(root, TABLE, 'endpoints', 'site.ts')).length).toBeGreaterThan(0)
  })
})
