import { createHash } from 'node:crypto'

/** A small deterministic random source (sfc32) seeded from a string: the same seed draws the same art everywhere. */
export interface Random {
  /** [0, 1) */
  next(): number
  range(min: number, max: number): number
  int(min: number, maxInclusive: number): number
  pick<T>(items: readonly T[]): T
  chance(p: number): boolean
}

export function seeded(seed: string): Random {
  const h = createHash('sha256').update(seed).digest()
  let a = h.readUInt32LE(0)
  let b = h.readUInt32LE(4)
  let c = h.readUInt32LE(8)
  let d = h.readUInt32LE(12)
  const next = () => {
    a >>>= 0
    b >>>= 0
    c >>>= 0
    d >>>= 0
    let t = (a + b) | 0
    a = b ^ (b >>> 9)
    b = (c + (c << 3)) | 0
    c = (c << 21) | (c >>> 11)
    d = (d + 1) | 0
    t = (t + d) | 0
    c = (c + t) | 0
    return (t >>> 0) / 4294967296
  }
  for (let i = 0; i < 12; i++) next()
  const random: Random = {
    next,
    range: (min, max) => min + (max - min) * next(),
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)],
    chance: (p) => next() < p,
  }
  return random
}
