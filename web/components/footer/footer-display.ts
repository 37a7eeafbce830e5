import { FOOTER_DEFAULTS, footerFromRecord } from '../../../src/shared/footer-defaults.js'
import type { FooterContent } from '../../../src/shared/footer-defaults.js'
import type { Footer } from '../../../src/shared/schemas/index.js'

/**
 * The footer to show from GET /api/footer's answer (defaults while it is not there). A stored
 * footer's empty description or copyright stays empty: the owner cleared it on purpose.
 */
export function footerForDisplay(record: Footer | null | undefined): FooterContent {
  if (!record) return FOOTER_DEFAULTS
  const content = footerFromRecord(record)
  return {
    ...content,
    description: typeof record.description === 'string' ? record.description : content.description,
    copyright: typeof record.copyright === 'string' ? record.copyright : content.copyright,
  }
}
