import { homedir } from 'node:os'
import { relative, resolve } from 'node:path'
import type { Blog } from '../app/blog.js'
import { describeError } from '../core/errors.js'
import type { GenerateKind } from '../enhance/batch.js'
import type { ActivityLog } from './activity.js'
import type { Enhancement } from '../posts/enhancement-index.js'
import type { OpenUrl } from './opener.js'
import { TERMINAL_OWNER } from './owner.js'
import { siteAddress } from './site-address.js'

/** What the keys do, as calls into the core. Each answers a line for the status bar. */
export interface DashboardActions {
  togglePublish(postIds: number[]): Promise<string>
  importFolder(path: string): Promise<string>
  generate(slugs: string[], kinds: Enhancement[]): Promise<string>
  /** Opens the post's page where the site is served now (see siteAddress). */
  openPost(slug: string): Promise<string>
}

const KIND_OF: Record<Enhancement, GenerateKind> = {
  annotations: 'annotations',
  bibliography: 'bibliography',
  summary: 'summary',
  models: 'mathematicalModel',
  images: 'images',
}
const NAME_OF = Object.fromEntries(Object.entries(KIND_OF).map(([name, kind]) => [kind, name])) as Record<
  GenerateKind,
  Enhancement
>

/**
 * Publish/unpublish through the editor (the same call as PUT /api/posts/:id), imports through
 * the importer and generation in this process through blog.enhance (as `blog generate` does:
 * it needs no running server, shows progress per post and kind, and every result is written
 * under the store lock, so a server on the same folder sees it at once).
 */
export function createActions(blog: Blog, activity: ActivityLog, openUrl: OpenUrl): DashboardActions {
  return {
    async togglePublish(postIds) {
      const changed: string[] = []
      for (const id of postIds) {
        const meta = blog.posts.visibleMeta(id, TERMINAL_OWNER)
        const status = meta.status === 'published' ? 'draft' : 'published'
        await blog.editor.update(TERMINAL_OWNER, id, { status })
        changed.push(`"${meta.title}" ${status === 'published' ? 'published' : 'moved to drafts'}`)
      }
      return changed.length === 1 ? `${changed[0]}.` : `${changed.length} posts changed: ${changed.join(', ')}.`
    },

    async importFolder(path) {
      if (activity.runs.some((r) => r.kind === 'import' && !r.finished))
        return 'An import is already running; wait for it to finish.'
      // Typed at a prompt, not expanded by a shell: `~` is the person's home folder here too.
      const full = resolve(path.replace(/^~(?=$|\/)/, homedir()))
      const run = activity.begin('import', `import ${relative(process.cwd(), full) || full}`)
      try {
        const { summary: s } = await blog.importer.importPaths([full])
        const outcome = `${s.imported} imported, ${s.updated} updated, ${s.unchanged} unchanged, ${s.failed} failed`
        activity.finish(run.id, outcome)
        return `${capital(outcome)}: import of ${path}.`
      } catch (e) {
        activity.finish(run.id, 'stopped', { item: path, error: describeError(e) })
        return `Import of ${path} stopped: ${describeError(e)}`
      }
    },

    async generate(slugs, kinds) {
      const run = activity.begin('generate', 'generate', slugs.length * kinds.length)
      try {
        const report = await blog.enhance.generate({
          slugs,
          kinds: kinds.map((k) => KIND_OF[k]),
          onProgress: (e) => {
            if (e.type === 'start')
              activity.update(run.id, (r) => ({
                ...r,
                done: e.done,
                total: e.total,
                current: `${NAME_OF[e.kind]} ${e.slug}`,
              }))
            else
              activity.update(run.id, (r) => ({
                ...r,
                done: e.done,
                failures: e.result.error
                  ? [...r.failures, { item: `${NAME_OF[e.result.kind]} ${e.result.slug}`, error: e.result.error }]
                  : r.failures,
              }))
          },
        })
        const outcome = `${kinds.join(', ')} for ${slugs.length} post${slugs.length === 1 ? '' : 's'}: ${report.summary.done} done, ${report.summary.failed} failed (${report.provider})`
        activity.finish(run.id, outcome)
        return `${capital(outcome)}.`
      } catch (e) {
        activity.finish(run.id, 'could not run', { item: slugs.join(', '), error: describeError(e) })
        return `Generation could not run: ${describeError(e)}`
      }
    },

    async openPost(slug) {
      // Read at the key press: a `blog serve` may have started since the panes were drawn.
      const url = `${siteAddress(blog)}/posts/${slug}`
      await openUrl(url)
      return `Opened ${url}`
    },
  }
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)
