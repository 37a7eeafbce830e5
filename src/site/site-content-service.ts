import type { Store } from '../store/index.js'
import { requireAdmin, type Viewer } from '../core/viewer.js'
import { renderOffThread } from '../importer/render-pool.js'
import { FOOTER_DEFAULTS, footerToRecord } from '../shared/footer-defaults.js'
import type { About, Footer } from '../shared/schemas/index.js'

/**
 * The About page and the footer: site-wide texts the owner edits. What is stored is what
 * the owner typed; the About page's HTML comes from the essays' own pipeline (sanitised, math
 * typeset) so an edit can't put a script on the page.
 */
export class SiteContentService {
  constructor(private readonly store: Store) {}

  /** Rendered on a render worker (cached by content), like any essay: the owner's text cannot stall the server. */
  async about(): Promise<About> {
    const content = this.store.db.settings.about ?? ''
    return { content, html: content.trim() ? (await renderOffThread(content)).html : '' }
  }

  async updateAbout(viewer: Viewer, content: string): Promise<About> {
    requireAdmin(viewer)
    await this.store.transact((tx) => {
      tx.db.settings.about = content
    })
    return this.about()
  }

  /** SPEC §3: the defaults while none is stored. */
  footer(): Footer {
    return this.store.db.settings.footer ?? footerToRecord(FOOTER_DEFAULTS)
  }

  /** `input` is FooterUpdateSchema's output: its lists already checked and re-serialised. */
  async updateFooter(viewer: Viewer, input: Footer): Promise<Footer> {
    requireAdmin(viewer)
    await this.store.transact((tx) => {
      tx.db.settings.footer = { ...input }
    })
    return this.footer()
  }
}
