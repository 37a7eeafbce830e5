import type { CorpusRow } from './corpus-measures.js'
import type { JunkKind } from './junk.js'
import { MEASURES, ratio, sumScores, type EssayScores, type Ratio } from './measures.js'
import type { Half } from './split.js'

export interface GoldRow {
  file: string
  half: Half
  scores: EssayScores
}

/** Each half's figures and the gap (tune − check) per measure. */
export function summariseGold(rows: readonly GoldRow[]) {
  const of = (half: Half) => sumScores(rows.filter((r) => r.half === half).map((r) => r.scores))
  const tune = of('tune')
  const check = of('check')
  return Object.fromEntries(
    MEASURES.map((m) => {
      const t = ratio(tune[m.key] ?? { hits: 0, total: 0 })
      const c = ratio(check[m.key] ?? { hits: 0, total: 0 })
      return [m.key, { tune: t, check: c, gap: t === null || c === null ? null : t - c }]
    }),
  )
}

const cell = (r: Ratio) => (r.total === 0 ? '   –   ' : `${r.hits}/${r.total}`.padStart(7))
const shown = (v: number | null) => (v === null ? '  n/a' : v.toFixed(2).padStart(5))

export function printGold(rows: readonly GoldRow[]): void {
  console.log(`${'gold essay'.padEnd(62)} ${MEASURES.map((m) => m.key.slice(0, 7).padStart(7)).join(' ')}`)
  for (const half of ['tune', 'check'] as const)
    for (const r of rows.filter((x) => x.half === half))
      console.log(
        `${half.padEnd(5)} ${r.file.slice(-56).padEnd(56)} ${MEASURES.map((m) => cell(r.scores[m.key])).join(' ')}`,
      )
  const halves = summariseGold(rows)
  const check = sumScores(rows.filter((r) => r.half === 'check').map((r) => r.scores))
  console.log(`\n${'measure'.padEnd(24)}  tune  check    gap  goal (check half)`)
  for (const m of MEASURES) {
    const h = halves[m.key]
    const met =
      m.goal === undefined || h.check === null
        ? ''
        : `${m.atMost ? '≤' : '≥'} ${m.goal} ${(m.atMost ? h.check <= m.goal : h.check >= m.goal) ? 'met' : 'NOT MET'}`
    // The tuning half may not be more than 0.1 better than the check half (issue 39).
    const better = h.gap === null ? false : m.atMost ? -h.gap > 0.1 : h.gap > 0.1
    console.log(
      `${m.label.padEnd(24)} ${shown(h.tune)}  ${shown(h.check)}  ${h.gap === null ? '  n/a' : (h.gap >= 0 ? '+' : '') + h.gap.toFixed(2)}  ${met}${better ? '  GAP > 0.1' : ''}  (check ${check[m.key].hits}/${check[m.key].total})`,
    )
  }
}

export function summariseCorpus(rows: readonly CorpusRow[]) {
  const words = rows.reduce((n, r) => n + r.words, 0)
  const annotations = rows.reduce((n, r) => n + r.annotations, 0)
  const byKind: Partial<Record<JunkKind, number>> = {}
  for (const r of rows) for (const j of r.junk) byKind[j.kind] = (byKind[j.kind] ?? 0) + 1
  return {
    essays: rows.length,
    essaysWithJunk: rows.filter((r) => r.junk.length > 0).length,
    junk: rows.reduce((n, r) => n + r.junk.length, 0),
    junkByKind: byKind,
    annotationsPer1000Words: words === 0 ? 0 : (annotations * 1000) / words,
    medianAnnotationsPer1000Words: median(rows.filter((r) => r.words > 0).map((r) => (r.annotations * 1000) / r.words)),
    markedShare: annotations === 0 ? null : rows.reduce((n, r) => n + r.marked, 0) / annotations,
    variables: rows.reduce((n, r) => n + r.variables, 0),
    named: rows.reduce((n, r) => n + r.named, 0),
  }
}

export function printCorpus(rows: readonly CorpusRow[]): void {
  const t = summariseCorpus(rows)
  const folders = [...new Set(rows.map((r) => r.file.split('/')[0]))].sort()
  console.log(`\ncorpus (${t.essays} essays, no gold)`)
  console.log(`${'folder'.padEnd(24)} essays  junk  w/junk  ann/1k words  marked  symbols named/listed`)
  for (const f of [...folders, '(all)']) {
    const part = f === '(all)' ? rows : rows.filter((r) => r.file.split('/')[0] === f)
    const s = summariseCorpus(part)
    console.log(
      `${f.padEnd(24)} ${String(s.essays).padStart(6)} ${String(s.junk).padStart(5)} ${String(s.essaysWithJunk).padStart(7)} ${s.annotationsPer1000Words.toFixed(2).padStart(13)} ${shown(s.markedShare).padStart(7)}  ${s.named}/${s.variables}`,
    )
  }
  console.log(`junk by kind: ${JSON.stringify(t.junkByKind)}`)
  const worst = rows.filter((r) => r.junk.length > 0).sort((a, b) => b.junk.length - a.junk.length)
  for (const r of worst.slice(0, 25))
    console.log(
      `  ${r.file.slice(-60).padEnd(60)} ${r.junk
        .map((j) => `${j.kind}: ${j.what}`)
        .join(' | ')
        .slice(0, 200)}`,
    )
  if (worst.length > 25) console.log(`  … and ${worst.length - 25} more essays with junk (--json lists all)`)
}

function median(xs: number[]): number {
  if (xs.length === 0) return 0
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}
