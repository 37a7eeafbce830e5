import type { Adapter } from 'lowdb'
import { readJsonFile, writeFileAtomic } from '../core/atomic-file.js'

/**
 * lowdb adapter for one JSON file. lowdb's own JSONFile writes a fixed temp name with no
 * fsync, which loses data when several processes write (STACK.md); this one is atomic and
 * durable. It never switches to memory under NODE_ENV=test, unlike JSONFilePreset.
 */
export class AtomicJsonFile<T> implements Adapter<T> {
  constructor(
    readonly path: string,
    private readonly indent = 0,
  ) {}

  read(): Promise<T | null> {
    return readJsonFile<T>(this.path)
  }

  write(data: T): Promise<void> {
    return writeFileAtomic(this.path, JSON.stringify(data, null, this.indent || undefined))
  }
}
