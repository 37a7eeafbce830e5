/**
 * A term's frequencies in one post: the body's count as is, and the four short fields (title,
 * tags, excerpt, author) packed 8 bits each into a second number. A short field's count stops at
 * 255 (an excerpt holds about 140 words at most).
 */
const TEXT = 4
const SHORT_MAX = 0xff

export function tfIn(text: number, short: number, field: number): number {
  return field === TEXT ? text : (short >>> (8 * field)) & SHORT_MAX
}

/** `short` with one more occurrence in short field `field` (0 to 3). */
export function withOneMore(short: number, field: number): number {
  return tfIn(0, short, field) === SHORT_MAX ? short : (short + 2 ** (8 * field)) >>> 0
}

/**
 * One term's posts as (slot, body count, short fields' counts) triples in a single typed array, sorted by slot:
 * scanning it is a tight loop over memory, and finding a post is a binary search. New posts
 * mostly take the highest slot, so adding is an append; a reused slot is inserted in place.
 */
export class Postings {
  data: Uint32Array = new Uint32Array(6)
  length = 0

  static of(triples: Uint32Array): Postings {
    const list = new Postings()
    list.data = triples
    list.length = triples.length / 3
    return list
  }

  textAt(i: number): number {
    return this.data[3 * i + 1]
  }

  shortAt(i: number): number {
    return this.data[3 * i + 2]
  }

  /** The position of `slot`, or -1 when this term's list does not hold it. */
  find(slot: number): number {
    const at = this.lowerBound(slot)
    return at < this.length && this.data[3 * at] === slot ? at : -1
  }

  insert(slot: number, text: number, short: number): void {
    if (3 * this.length + 3 > this.data.length) {
      const bigger = new Uint32Array(Math.max(6, this.data.length * 2))
      bigger.set(this.data.subarray(0, 3 * this.length))
      this.data = bigger
    }
    let at = this.length
    if (at > 0 && this.data[3 * at - 3] > slot) {
      at = this.lowerBound(slot)
      this.data.copyWithin(3 * at + 3, 3 * at, 3 * this.length)
    }
    this.data[3 * at] = slot
    this.data[3 * at + 1] = text
    this.data[3 * at + 2] = short
    this.length++
  }

  trim(): void {
    if (this.data.length > 3 * this.length) this.data = this.data.slice(0, 3 * this.length)
  }

  removeAt(i: number): void {
    this.data.copyWithin(3 * i, 3 * i + 3, 3 * this.length)
    this.length--
  }

  private lowerBound(slot: number): number {
    let lo = 0
    let hi = this.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (this.data[3 * mid] < slot) lo = mid + 1
      else hi = mid
    }
    return lo
  }
}
