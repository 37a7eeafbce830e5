import { join } from 'node:path'

/**
 * Every name Scholia gives inside the data folder (`./data`, `--data DIR`, `BLOG_DATA_DIR`), in
 * one place. These names are on disk in every existing site: changing one here orphans what is
 * stored under the old name, so a rename needs a migration (src/store/migrations.ts), not an edit.
 * Only node:path is imported, so any layer may use it.
 */
export const DATA_NAMES = {
  /** Site-wide records, a lowdb database: accounts, subscribers, comments, jobs, settings. */
  db: 'db.json',
  /** A multi-file commit's new contents, present only while it is applied (store/commit-journal.ts). */
  journal: 'commit-journal.json',
  /** The cross-process store lock: a folder made by proper-lockfile. */
  lock: 'store.lock',
  /** Which process holds store.lock, so a dead holder's lock is broken at once. */
  lockOwner: 'store.lock.owner',
  /** Overrides of the site's settings, read at start (core/config.ts). */
  config: 'config.json',
  /** The cookie-signing secret, when BLOG_SESSION_SECRET is not set. */
  sessionSecret: 'session-secret',
  /** A cache of the search index for fast restarts; deleting it costs one rebuild. */
  searchSnapshot: 'search-index.json',
  /** Post metadata in 16 shards (`index-XX.json`) and `bodies/{id}.{bodyRev}.json`. */
  posts: 'posts',
  bodies: 'bodies',
  /** E-mail as `.eml` files when no SMTP server is configured. */
  outbox: 'outbox',
  /** The reading-event log: `events.jsonl` and its rotated `events-<time>.jsonl` (tracking/event-log.ts). */
  tracking: 'tracking',
  /** Served files: `posts/` and `og/` generated images, `assets/` essays' own figures, content-addressed. */
  media: 'media',
  mediaPosts: 'posts',
  mediaOg: 'og',
  mediaAssets: 'assets',
  /**
   * Caches that cost only time to lose: `bibliography/parsed`, `bibliography/formatted`,
   * `import-sources.json` (importer/files/source-fingerprints.ts) and `essay-labels.json`
   * (xref/anchor-cache.ts).
   */
  cache: 'cache',
  importSources: 'import-sources.json',
  /** Where `blog serve` is serving this folder now (core/serving-record.ts); gone when it stops. */
  serving: 'serving.json',
  essayLabels: 'essay-labels.json',
} as const

/** `index-00.json` … `index-0f.json`: the shard that holds post ids ≡ n (mod 16). */
export const shardFileName = (n: number): string => `index-${n.toString(16).padStart(2, '0')}.json`

/** A post body's file, named by its revision so a new one never overwrites the committed one. */
export const bodyFileName = (id: number, rev: number): string => `${id}.${rev}.json`

/** Where a migration from data version `n` keeps the db.json it started from. */
export const dbBackupName = (n: number): string => `${DATA_NAMES.db}.bak-v${n}`

/** A damaged file set aside by `blog doctor --repair`, beside where it was: never deleted. */
export const damagedAside = (path: string, stamp: string): string => `${path}.damaged-${stamp}`

/**
 * Temp files of the store's own atomic writes (`.NAME.PID.HEX.tmp`, store/atomic-file.ts) of
 * db.json, its backups, the journal, the lock owner record, shards and bodies. They are only
 * written inside the store lock, so one seen by the lock's holder was left by a killed writer.
 * Keep in step with the names above (data-folder.test.ts checks it).
 */
export const STORE_TEMP_FILE =
  /^\.?(db\.json(?:\.bak-v\d+)?|commit-journal\.json|store\.lock\.owner|index-[0-9a-f]+\.json|\d+\.\d+\.json)\.\d+\.[0-9a-f]+\.tmp$/

/** The absolute path of every file and folder of the data folder at `root`. */
export function dataFolder(root: string) {
  const n = DATA_NAMES
  return {
    root,
    db: join(root, n.db),
    dbBackup: (version: number) => join(root, dbBackupName(version)),
    journal: join(root, n.journal),
    lock: join(root, n.lock),
    lockOwner: join(root, n.lockOwner),
    config: join(root, n.config),
    sessionSecret: join(root, n.sessionSecret),
    searchSnapshot: join(root, n.searchSnapshot),
    postsDir: join(root, n.posts),
    shard: (shard: number) => join(root, n.posts, shardFileName(shard)),
    bodiesDir: join(root, n.posts, n.bodies),
    body: (id: number, rev: number) => join(root, n.posts, n.bodies, bodyFileName(id, rev)),
    outboxDir: join(root, n.outbox),
    trackingDir: join(root, n.tracking),
    mediaDir: join(root, n.media),
    mediaPostsDir: join(root, n.media, n.mediaPosts),
    mediaOgDir: join(root, n.media, n.mediaOg),
    assetsDir: join(root, n.media, n.mediaAssets),
    cacheDir: join(root, n.cache),
    importSources: join(root, n.cache, n.importSources),
    essayLabels: join(root, n.cache, n.essayLabels),
    bibliographyCacheDir: (kind: 'parsed' | 'formatted') => join(root, n.cache, 'bibliography', kind),
  }
}
export type DataFolder = ReturnType<typeof dataFolder>
