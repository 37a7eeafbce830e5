// What `npm install scholia` takes on disk (blocks, as `du` counts them): the packages package-lock.json does not mark as dev
// (or as another platform's optional binary), measured in this checkout's node_modules. The same
// set `npm ci --omit=dev` installs (checked by hand: 155 MB both ways; with the bundle of issue 24,
// 25 MB here and in a real `npm install` of the packed package), without a 20 s install.
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs'
import { join } from 'node:path'

interface LockEntry {
  dev?: boolean
  devOptional?: boolean
}

export function productionInstallBytes(root: string): {
  bytes: number
  packages: number
  largest: { name: string; bytes: number }[]
} {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockEntry>
  }
  const sizes: { name: string; bytes: number }[] = []
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (!path.startsWith('node_modules/') || entry.dev || entry.devOptional) continue
    const dir = join(root, path)
    // Optional binaries for other platforms are in the lock but not on this machine.
    if (!existsSync(dir)) continue
    // Nested node_modules are entries of their own: count each package's files once.
    sizes.push({ name: path.slice('node_modules/'.length), bytes: folderBytes(dir, true) })
  }
  sizes.sort((a, b) => b.bytes - a.bytes)
  return { bytes: sizes.reduce((sum, s) => sum + s.bytes, 0), packages: sizes.length, largest: sizes.slice(0, 5) }
}

function folderBytes(dir: string, top: boolean): number {
  let total = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (top && entry.name === 'node_modules') continue
    const path = join(dir, entry.name)
    if (entry.isDirectory()) total += folderBytes(path, false)
    else if (entry.isFile()) total += statSync(path).blocks * 512
  }
  return total + statSync(dir).blocks * 512
}
