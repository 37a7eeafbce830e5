import { randomBytes } from 'node:crypto'
import { readFile, writeFile } from 'node:fs/promises'
import { dataFolder } from '../core/data-folder.js'

/**
 * DECISIONS.md: the cookie-signing secret comes from BLOG_SESSION_SECRET, else a random one
 * generated once and kept in the data folder (readable by its owner only), so sessions survive
 * restarts and every process serving the folder agrees on it.
 */
export async function loadSessionSecret(dataDir: string, env: NodeJS.ProcessEnv): Promise<string> {
  const fromEnv = env.BLOG_SESSION_SECRET?.trim()
  if (fromEnv) return fromEnv
  const path = dataFolder(dataDir).sessionSecret
  try {
    // 'wx' fails if the file exists: when two processes start together, one secret wins.
    await writeFile(path, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 })
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e
  }
  for (let attempt = 0; ; attempt++) {
    const secret = (await readFile(path, 'utf8')).trim()
    // The winner may be between creating and writing the file.
    if (secret || attempt >= 20) {
      if (!secret) throw new Error(`${path} is empty: delete it to generate a new session secret.`)
      return secret
    }
    await new Promise((r) => setTimeout(r, 25))
  }
}
