import { z } from 'zod'

/**
 * zod compiles fast object parsers with `new Function` after probing whether eval works; the
 * site's Content-Security-Policy forbids eval, so in the browser the probe is only a reported
 * violation. Imported before any schema module so that no schema ever runs the probe.
 */
z.config({ jitless: true })
