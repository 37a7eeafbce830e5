import { open, rename, unlink, mkdir } from 'node:fs/promises'
import { dirname, basename, join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { withEncodedText } from './encoded-text.js'

/**
 * Write a file so that a reader (in any process) sees either the old or the new bytes, and a
 * crash leaves one of them on disk: unique temp name (several processes may write at once),
 * fsync the data, rename over the target, fsync the folder so the rename itself is durable.
 */
export async function writeFileAtomic(
  path: string,
  data: string | Uint8Array,
  opts: { syncDir?: boolean } = {},
): Promise<void> {
  if (typeof data === 'string') return withEncodedText(data, (bytes) => writeFileAtomic(path, bytes, opts))
  const dir = dirname(path)
  const tmp = join(dir, `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`)
  const handle = await open(tmp, 'w', 0o644)
  try {
    await handle.writeFile(data)
    await handle.sync()
  } finally {
    await handle.close()
  }
  try {
    await rename(tmp, path)
  } catch (e) {
    await unlink(tmp).catch(() => {})
    throw e
  }
  if (opts.syncDir !== false) await syncDir(dir)
}

/** Make renames and unlinks in a folder durable. */
export async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r')
  try {
    await handle.sync()
  } catch {
    // Some file systems refuse fsync on a directory; the data itself is already synced.
  } finally {
    await handle.close()
  }
}

export async function ensureDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true })
}
