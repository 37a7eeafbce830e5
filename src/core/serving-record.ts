import { readFileSync } from 'node:fs'
import { unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { writeFileAtomic } from './atomic-file.js'
import { DATA_NAMES } from './data-folder.js'
import { processAlive } from './process-alive.js'

const ServingSchema = z.object({
  pid: z.number().int().positive(),
  url: z.url({ protocol: /^https?$/ }),
})

/**
 * Notes in the data folder where this process serves the site (`blog serve --port 5000`), so
 * other processes on the same folder (the dashboard's "open in the browser") open the site
 * where it really is rather than at the configured default. Returns the call that takes the
 * note back, which removes it only while it is still this process's own.
 */
export async function recordServing(dataDir: string, url: string): Promise<() => Promise<void>> {
  const path = join(dataDir, DATA_NAMES.serving)
  await writeFileAtomic(path, JSON.stringify({ pid: process.pid, url }))
  return async () => {
    if (readServing(path)?.pid === process.pid) await unlink(path).catch(() => {})
  }
}

/** The address a live `blog serve` of this data folder serves at, or null when none runs (a killed server leaves its note behind). */
export function servingUrl(dataDir: string): string | null {
  const record = readServing(join(dataDir, DATA_NAMES.serving))
  return record && processAlive(record.pid) ? record.url.replace(/\/+$/, '') : null
}

function readServing(path: string): z.infer<typeof ServingSchema> | null {
  try {
    const parsed = ServingSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}
