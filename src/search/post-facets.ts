/** What the index keeps of a post besides its words: enough to filter and count thousands of matches. */
export interface PostFacts {
  tags: readonly string[]
  published: boolean
  /** Minutes; NaN when not known (the index then leaves read-time filters to the caller). */
  readTime: number
}

/**
 * Every indexed post's tags (as small numbers), status and read time, per slot of the text index.
 * Thousands of matches are filtered and their tags counted in typed arrays: reading each post's
 * metadata object (a cache miss or two per post, a string-keyed map per tag) cost as much as
 * finding the matches. Tag numbers stand for exact spellings; folding case is left to the caller.
 */
export class PostFacets {
  private readonly numbers = new Map<string, number>()
  private readonly names: string[] = []
  /** Each slot's tag numbers, at start[slot] in the pool, count[slot] of them. */
  private pool = new Uint32Array(1024)
  private used = 0
  private live = 0
  private start = new Int32Array(1024)
  private count = new Uint16Array(1024)
  private published = new Uint8Array(1024)
  private readTimes = new Float64Array(1024)

  set(slot: number, { tags, published, readTime }: PostFacts): void {
    this.clear(slot)
    if (slot >= this.start.length) this.growSlots(slot)
    this.published[slot] = published ? 1 : 0
    this.readTimes[slot] = readTime
    // Replaced lists are left behind in the pool until it is mostly garbage.
    if (this.used + tags.length > this.pool.length) this.compact(tags.length)
    this.start[slot] = this.used
    this.count[slot] = tags.length
    for (const tag of tags) this.pool[this.used++] = this.numberOf(tag)
    this.live += tags.length
  }

  clear(slot: number): void {
    if (slot >= this.count.length) return
    this.live -= this.count[slot]
    this.count[slot] = 0
  }

  factsAt(slot: number): PostFacts {
    const tags = Array.from(
      this.pool.subarray(this.start[slot], this.start[slot] + this.count[slot]),
      (n) => this.names[n],
    )
    return { tags, published: this.published[slot] === 1, readTime: this.readTimes[slot] }
  }

  /**
   * Whether the post in `slot` passes the status and read-time filters (postFilter's rules), or
   * null when its read time is not known here.
   */
  passes(slot: number, drafts: boolean, minReadTime = -Infinity, maxReadTime = Infinity): boolean | null {
    if (!drafts && this.published[slot] === 0) return false
    const readTime = this.readTimes[slot]
    if (Number.isNaN(readTime)) return minReadTime === -Infinity && maxReadTime === Infinity ? true : null
    return readTime >= minReadTime && readTime <= maxReadTime
  }

  /** How many of the posts in these lists of slots carry each spelling, in the order the spellings were first met. */
  counts(...lists: ArrayLike<number>[]): [tag: string, posts: number][] {
    const counts = new Uint32Array(this.names.length)
    const met: number[] = []
    const { pool, start, count } = this
    for (const slots of lists) {
      for (let k = 0; k < slots.length; k++) {
        const slot = slots[k]
        for (let i = start[slot], end = i + count[slot]; i < end; i++) if (counts[pool[i]]++ === 0) met.push(pool[i])
      }
    }
    return met.map((n) => [this.names[n], counts[n]])
  }

  private numberOf(tag: string): number {
    let n = this.numbers.get(tag)
    if (n === undefined) {
      n = this.names.length
      this.names.push(tag)
      this.numbers.set(tag, n)
    }
    return n
  }

  private compact(room: number): void {
    const pool = new Uint32Array(Math.max(1024, 2 * (this.live + room)))
    let used = 0
    for (let slot = 0; slot < this.count.length; slot++) {
      const from = this.start[slot]
      pool.set(this.pool.subarray(from, from + this.count[slot]), used)
      this.start[slot] = used
      used += this.count[slot]
    }
    this.pool = pool
    this.used = used
  }

  private growSlots(slot: number): void {
    let size = this.start.length
    while (size <= slot) size *= 2
    const start = new Int32Array(size)
    const count = new Uint16Array(size)
    const published = new Uint8Array(size)
    const readTimes = new Float64Array(size)
    start.set(this.start)
    count.set(this.count)
    published.set(this.published)
    readTimes.set(this.readTimes)
    this.start = start
    this.count = count
    this.published = published
    this.readTimes = readTimes
  }
}
