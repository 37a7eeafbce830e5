import type { About, Footer } from '../../schemas/site.js'
import { json, type Endpoint } from '../endpoint.js'

/** SPEC §7: the About page and the footer; reading is public, editing is for admins. */
export const siteEndpoints = {
  about: { method: 'GET', path: '/api/about', access: 'public', cache: 'default', output: json<About>() },
  updateAbout: { method: 'PATCH', path: '/api/about', access: 'admin', cache: 'default', output: json<About>() },
  footer: { method: 'GET', path: '/api/footer', access: 'public', cache: 'default', output: json<Footer>() },
  updateFooter: { method: 'PATCH', path: '/api/footer', access: 'admin', cache: 'default', output: json<Footer>() },
} as const satisfies Record<string, Endpoint>
