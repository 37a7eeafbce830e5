/** A post's term vector: its strongest terms and their weights (unit length), in the order weighed. */
export interface PostVector {
  tids: Uint32Array
  weights: Float64Array
}

/** One term's posts (as slots) and its weight in each post's vector, in no order. */
class WeightList {
  slots = new Int32Array(4)
  weights = new Float64Array(4)
  length = 0

  add(slot: number, weight: number): void {
    if (this.length === this.slots.length) {
      const slots = new Int32Array(this.length * 2)
      const weights = new Float64Array(this.length * 2)
      slots.set(this.slots)
      weights.set(this.weights)
      this.slots = slots
      this.weights = weights
    }
    this.slots[this.length] = slot
    this.weights[this.length++] = weight
  }

  /** Order does not matter (scores are sums), so the last entry fills the gap. */
  remove(slot: number): void {
    const at = this.slots.subarray(0, this.length).indexOf(slot)
    if (at < 0) return
    this.length--
    this.slots[at] = this.slots[this.length]
    this.weights[at] = this.weights[this.length]
  }
}

/**
 * The inverted form of the term vectors, for cosine similarity with a query: per term, typed
 * arrays of (post slot, weight), and the sums kept in one reused array indexed by slot, so a
 * query visiting tens of thousands of postings allocates almost nothing.
 */
export class VectorPostings {
  private readonly lists: (WeightList | undefined)[] = []
  private readonly slotOf = new Map<number, number>()
  private idAt = new Int32Array(1024)
  private sums = new Float64Array(1024)
  /** The slots a query reached, in a reused array. */
  private touched = new Int32Array(1024)
  private readonly free: number[] = []
  private slots = 0

  add(id: number, vector: PostVector): void {
    let slot = this.slotOf.get(id)
    if (slot !== undefined) throw new Error(`post ${id} is already in the vector postings`)
    slot = this.free.pop() ?? this.slots++
    if (slot >= this.idAt.length) {
      const idAt = new Int32Array(this.idAt.length * 2)
      idAt.set(this.idAt)
      this.idAt = idAt
      this.sums = new Float64Array(idAt.length)
      this.touched = new Int32Array(idAt.length)
    }
    this.idAt[slot] = id
    this.slotOf.set(id, slot)
    for (let i = 0; i < vector.tids.length; i++)
      (this.lists[vector.tids[i]] ??= new WeightList()).add(slot, vector.weights[i])
  }

  remove(id: number, vector: PostVector): void {
    const slot = this.slotOf.get(id)
    if (slot === undefined) return
    for (const tid of vector.tids) this.lists[tid]?.remove(slot)
    this.slotOf.delete(id)
    this.free.push(slot)
  }

  /** Every post's dot product with `q` (term → weight) where it reaches `minScore`, in no order. */
  dotsAbove(q: ReadonlyMap<number, number>, minScore: number): { ids: number[]; scores: number[] } {
    const { sums, touched } = this
    let reached = 0
    for (const [tid, qw] of q) {
      const list = this.lists[tid]
      if (!list) continue
      const { slots, weights } = list
      for (let i = 0; i < list.length; i++) {
        const slot = slots[i]
        // Weights are positive: a sum still zero means the post was not reached yet.
        if (sums[slot] === 0) touched[reached++] = slot
        sums[slot] += qw * weights[i]
      }
    }
    const out = { ids: [] as number[], scores: [] as number[] }
    for (let i = 0; i < reached; i++) {
      const slot = touched[i]
      if (sums[slot] >= minScore) {
        out.ids.push(this.idAt[slot])
        out.scores.push(sums[slot])
      }
      sums[slot] = 0
    }
    return out
  }
}
