import { deflateRawSync, inflateRawSync } from 'node:zlib'

/*
 * An essay's rendered HTML on its way from a render worker to the importing process. A bulk
 * import holds every essay's HTML until its one write, while both workers are at their largest:
 * as strings, 70 MB for the corpus (each has a character beyond Latin-1, KaTeX's MathML, so two
 * bytes a character); as UTF-8, 35 MB; compressed, 3.7 MB, for 0.2 s of compressing spread over
 * the workers (measured on the corpus).
 * Apart from prepare-essay.ts, so the importing process can read them without loading the
 * markdown pipeline.
 */

/** zlib's fastest level: the markup of KaTeX repeats so much that it still shrinks tenfold. */
const PACKING = { level: 1 }

/** A lone surrogate (none in UTF-8 files) becomes U+FFFD, as it would on its way to a reader. */
export function packHtml(html: string): Uint8Array {
  return deflateRawSync(html, PACKING)
}

/** The HTML of a prepared essay, as rendered. */
export function essayHtml(prepared: { html: Uint8Array }): string {
  return inflateRawSync(prepared.html).toString('utf8')
}
