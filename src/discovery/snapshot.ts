import { SiteIndex } from '../text/site-index.js'
import { findKeyTerms, type KeyTerm } from '../text/key-terms.js'
import type { Essay } from './corpus.js'
import { difficultyOf } from './structure-features.js'

/** Key terms kept per essay: the concepts it is about. */
const KEY_TERMS = 12

/**
 * The essays one kind of viewer may see, with the TF-IDF index over exactly them (so a draft
 * never shapes what a guest is shown), and per-essay analyses computed on first use.
 */
export class Snapshot {
  readonly byId: Map<number, Essay>
  readonly index: SiteIndex
  private readonly keyTermCache = new Map<number, KeyTerm[]>()
  private readonly difficultyCache = new Map<number, number>()
  private aliasMap: Map<string, Essay> | null = null
  private readonly patterns = new Map<string, RegExp>()
  /** Whatever a feature wants to keep for this snapshot's lifetime (related lists, sidebars…). */
  readonly memo = new Map<string, unknown>()

  constructor(readonly essays: Essay[]) {
    this.byId = new Map(essays.map((e) => [e.meta.id, e]))
    this.index = new SiteIndex({
      posts: essays.map((e) => ({
        id: e.meta.id,
        slug: e.meta.slug,
        title: e.meta.title,
        tags: e.meta.tags,
        plainText: e.plainText,
      })),
    })
  }

  /** The essay's key concepts by TF-IDF against the site (the annotations' key-term finder). */
  keyTerms(id: number): KeyTerm[] {
    let terms = this.keyTermCache.get(id)
    if (!terms) {
      const e = this.byId.get(id)
      terms = e
        ? findKeyTerms(e.doc, this.index, { selfId: id, title: e.meta.title, plainText: e.plainText, limit: KEY_TERMS })
        : []
      this.keyTermCache.set(id, terms)
    }
    return terms
  }

  /** 0–1 reading difficulty: math, length, code and long words. */
  difficulty(id: number): number {
    let d = this.difficultyCache.get(id)
    if (d === undefined) {
      const e = this.byId.get(id)!
      const words = e.flatText.split(' ')
      const long = words.filter((w) => w.length >= 10).length
      d = difficultyOf(e.structure, words.length ? long / words.length : 0)
      this.difficultyCache.set(id, d)
    }
    return d
  }

  /**
   * How often essay `id` uses a term key (a word or words, as the site index writes them: lower
   * case, plurals folded), plurals and possessives included.
   */
  mentions(id: number, key: string): number {
    const text = this.byId.get(id)?.flatText
    if (!text?.includes(` ${key}`)) return 0
    let pattern = this.patterns.get(key)
    if (!pattern) {
      pattern = new RegExp(` ${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:s|es)?(?= )`, 'g')
      this.patterns.set(key, pattern)
    }
    return text.match(pattern)?.length ?? 0
  }

  /** The essay a site-internal link points at (by slug or source file name), if any. */
  linkTarget(url: string): Essay | undefined {
    if (/^[a-z][a-z0-9+.-]*:/i.test(url) && !/^https?:\/\/(localhost|127\.)/i.test(url)) return undefined
    this.aliasMap ??= new Map(this.essays.flatMap((e) => e.aliases.map((a) => [a, e] as const)))
    const path = url
      .replace(/^https?:\/\/[^/]+/i, '')
      .split(/[?#]/)[0]
      .replace(/\/+$/, '')
    const last = path
      .split('/')
      .pop()
      ?.replace(/\.(md|markdown|ipynb|html)$/i, '')
      .toLowerCase()
    return last ? this.aliasMap.get(last) : undefined
  }
}
