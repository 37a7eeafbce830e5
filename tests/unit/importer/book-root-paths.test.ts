import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { referencedPath } from '../../../src/importer/assets/resolve-reference.js'

describe('a figure path relative to the book’s root (bookdown knits chapters from there)', () => {
  it('is found from the root when the chapter’s folder does not hold it, and from the chapter’s when it does', () => {
    const root = mkdtempSync(join(tmpdir(), 'scholia-bookroot-'))
    mkdirSync(join(root, 'ml', 'img'), { recursive: true })
    writeFileSync(join(root, 'ml', 'img', 'cv-1.png'), 'png')
    writeFileSync(join(root, 'ml', 'own.png'), 'png')
    const chapter = join(root, 'ml', 'cross-validation.Rmd')
    expect(referencedPath('ml/img/cv-1.png', chapter, root)).toEqual({
      kind: 'local',
      path: join(root, 'ml', 'img', 'cv-1.png'),
    })
    expect(referencedPath('own.png', chapter, root)).toEqual({ kind: 'local', path: join(root, 'ml', 'own.png') })
    expect(referencedPath('gone.png', chapter, root)).toEqual({ kind: 'local', path: join(root, 'ml', 'gone.png') })
  })
})
