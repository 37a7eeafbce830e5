import { describe, expect, it } from 'vitest'
import { glossaryDefinition } from '../../../src/ai/local/site-glossary.js'
import { termPattern } from '../../../src/ai/local/term-patterns.js'
import { siteIndex } from '../../../src/text/site-index.js'
import { siteOf, type TestEssay } from './essays.js'

const threads: TestEssay = {
  id: 21,
  title: 'Tasks and threads',
  markdown: `Tasks may run on any thread. Shared state needs care when tasks run at once.

A race condition is a bug where the result depends on the order in which tasks happen to run.
Waiting for the slowest task this way is called a barrier wait, and it costs time.
With two owners, a lock is called a mutex in most libraries.
Because the entire cost of a data race is one lost update, it is easy to miss.
is called a data race when two tasks write the same slot.`,
}
const essay: TestEssay = {
  id: 22,
  title: 'Per-thread buffers',
  markdown: `Per-thread buffers invite race conditions. Race conditions give wrong results now and then.
A race condition is what we fix below, and a data race is its most common form.`,
}
const site = siteOf([threads, essay])
const lookup = (key: string, self = essay.id) =>
  glossaryDefinition(siteIndex(site), termPattern(key), key.split(' '), self)

describe('the site glossary (issue 39: a connection quotes the other post’s definition)', () => {
  it('finds another post’s sentence that has the term as its subject', () => {
    expect(lookup('race condition')).toEqual({
      postId: threads.id,
      title: 'Tasks and threads',
      sentence: 'A race condition is a bug where the result depends on the order in which tasks happen to run.',
    })
  })

  it('never quotes the essay itself, a sentence that only mentions the term, or the broken tail of a sentence', () => {
    expect(lookup('race condition', threads.id)).toBeNull()
    // "… of a data race is one …" and "is called a data race …" (no capital, cut by a formula) define nothing.
    expect(lookup('data race')).toBeNull()
  })

  it('takes a name only when it ends with the term: "called a barrier wait" names no "barrier"', () => {
    expect(lookup('barrier wait')?.sentence).toBe(
      'Waiting for the slowest task this way is called a barrier wait, and it costs time.',
    )
    expect(lookup('barrier')).toBeNull()
    // "a lock is called a mutex" names the mutex; it does not say what a lock is.
    expect(lookup('lock')).toBeNull()
  })
})
