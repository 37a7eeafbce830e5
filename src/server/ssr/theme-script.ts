import { createHash } from 'node:crypto'
import { THEME_BOOT_SCRIPT } from '../../../web/lib/theme.js'

/**
 * The one inline script of a page: it sets the reader's chosen theme before the first paint
 * (web/lib/theme.ts). An external file would hold the page up for a request; inline, the
 * Content-Security-Policy allows exactly this text by its hash, and still no other inline script.
 */
export const THEME_SCRIPT_TAG = `<script>${THEME_BOOT_SCRIPT}</script>`

export const THEME_SCRIPT_HASH = `'sha256-${createHash('sha256').update(THEME_BOOT_SCRIPT).digest('base64')}'`
