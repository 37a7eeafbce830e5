import { deserialize, serialize } from 'node:v8'
import { deflateRawSync, inflateRawSync } from 'node:zlib'
import type { RenderResult } from '../markdown/types.js'
import type { FigureStamp } from './assets/figure-stamp.js'
import type { ParsedEssay } from './parse/index.js'

/*
 * A prepared essay on its way from a render worker to the importing process. A bulk import
 * holds every essay until its one write, while both workers are at their largest, so the whole
 * result travels compressed: its HTML (as strings, 70 MB for the corpus: each has a character
 * beyond Latin-1, KaTeX's MathML, so two bytes a character; as UTF-8, 35 MB) and as much again
 * of text beside it (the essay's reading blocks, its plain text, its markdown body). Packed,
 * the corpus's 281 essays are 8 MB where their objects took about 45 MB of the importing
 * process's heap, for a fraction of a second of compressing spread over the workers.
 * Apart from prepare-essay.ts, so the importing process can read them without loading the
 * markdown pipeline.
 */

/** A file read into post fields and rendered: what an import stores for it. */
export interface PreparedFields {
  parsed: ParsedEssay
  rendered: RenderResult
  /** The local figures the essay looked for, stamped (see figure-stamp.ts). */
  figures?: FigureStamp
}

/** PreparedFields, serialised and compressed (`openEssay` reads it back). */
export interface PackedEssay {
  packed: Uint8Array
}

/** zlib's fastest level: the markup of KaTeX repeats so much that it still shrinks tenfold. */
const PACKING = { level: 1 }

/**
 * V8's serialiser keeps what crosses to the importing process as it is (dates among it); the
 * HTML goes as UTF-8, half the bytes to compress of the two-byte string it is.
 */
export function packEssay(fields: PreparedFields): PackedEssay {
  const { html, ...rendered } = fields.rendered
  const value = { ...fields, rendered, html: Buffer.from(html, 'utf8') }
  return { packed: deflateRawSync(serialize(value), PACKING) }
}

/** The prepared essay a worker packed. A lone surrogate (none in UTF-8 files) is U+FFFD now, as it would be on its way to a reader. */
export function openEssay(essay: PackedEssay): PreparedFields {
  const value = deserialize(inflateRawSync(essay.packed)) as Omit<PreparedFields, 'rendered'> & {
    rendered: Omit<RenderResult, 'html'>
    html: Uint8Array
  }
  const { html, rendered, ...rest } = value
  return {
    ...rest,
    rendered: { ...rendered, html: Buffer.from(html.buffer, html.byteOffset, html.byteLength).toString('utf8') },
  }
}
