/**
 * A term's frequencies in one post, packed in 32 bits: the body's count in the low 16 bits, then
 * 4 bits for each short field (title, tags, excerpt, author). Counts stop at the field's maximum
 * (a title holding a word 15 times scores as if it held it 15 times: BM25 has long saturated).
 */
const TEXT = 4
const TEXT_MAX = 0xffff
const SHORT_MAX = 0xf

const shiftOf = (field: number) => 16 + 4 * field

export function tfIn(packed: number, field: number): number {
  return field === TEXT ? packed & TEXT_MAX : (packed >>> shiftOf(field)) & SHORT_MAX
}

export function withOneMore(packed: number, field: number): number {
  if (field === TEXT) return (packed & TEXT_MAX) === TEXT_MAX ? packed : packed + 1
  return tfIn(packed, field) === SHORT_MAX ? packed : (packed + 2 ** shiftOf(field)) >>> 0
}

/**
 * One term's posts as (slot, packed frequencies) pairs in a single typed array, sorted by slot:
 * scanning it is a tight loop over memory, and finding a post is a binary search. New posts
 * mostly take the highest slot, so adding is an append; a reused slot is inserted in place.
 */
export class Postings {
  data: Uint32Array = new Uint32Array(4)
  length = 0

  static of(pairs: Uint32Array): Postings {
    const list = new Postings()
    list.data = pairs
    list.length = pairs.length / 2
    return list
  }

  packedAt(i: number): number {
    return this.data[2 * i + 1]
  }

  /** The position of `slot`, or -1 when this term's list does not hold it. */
  find(slot: number): number {
    const at = this.lowerBound(slot)
    return at < this.length && this.data[2 * at] === slot ? at : -1
  }

  insert(slot: number, packed: number): void {
    if (2 * this.length + 2 > this.data.length) {
      const bigger = new Uint32Array(Math.max(4, this.data.length * 2))
      bigger.set(this.data.subarray(0, 2 * this.length))
      this.data = bigger
    }
    let at = this.length
    if (at > 0 && this.data[2 * at - 2] > slot) {
      at = this.lowerBound(slot)
      this.data.copyWithin(2 * at + 2, 2 * at, 2 * this.length)
    }
    this.data[2 * at] = slot
    this.data[2 * at + 1] = packed
    this.length++
  }

  removeAt(i: number): void {
    this.data.copyWithin(2 * i, 2 * i + 2, 2 * this.length)
    this.length--
  }

  private lowerBound(slot: number): number {
    let lo = 0
    let hi = this.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (this.data[2 * mid] < slot) lo = mid + 1
      else hi = mid
    }
    return lo
  }
}
