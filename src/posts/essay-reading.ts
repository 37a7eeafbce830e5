import { renderOffThread } from '../importer/render-pool.js'
import type { PostBody, ReadingBlock } from '../shared/schemas/index.js'

/**
 * A stored post's one reading (issue 20). A body from before render version 5 has none yet:
 * it is made by rendering the stored markdown on a render worker (with its document as the
 * context), never by parsing the markdown some other way, and never on the server's thread.
 */
export async function readingOf(body: Pick<PostBody, 'content' | 'document'>): Promise<readonly ReadingBlock[]> {
  return body.document?.reading ?? (await renderOffThread(body.content, body.document)).reading
}
