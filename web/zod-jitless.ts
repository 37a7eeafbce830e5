import { config } from 'zod/v4/core'

/**
 * zod compiles fast object parsers with `new Function` after probing whether eval works; the
 * site's Content-Security-Policy forbids eval, so in the browser the probe is only a reported
 * violation. Imported before any schema module so that no schema ever runs the probe. From
 * zod's core (the same settings object `z.config` writes), so the browser's first chunk does
 * not carry all of zod: only the pages that parse with it load it.
 */
config({ jitless: true })
