import type {
  ArgumentStrength,
  ConceptEvolution,
  CrossReference,
  RelatedPost,
  SmartSidebar,
  UserInsights,
} from '../../schemas/discovery.js'
import { json, type Endpoint } from '../endpoint.js'

/**
 * Discovery (SPEC §7): related posts and the smart sidebar for everyone (drafts only for
 * admins); the analytics panel's calls for admins (DECISIONS.md: /api/user/insights, "signed-in
 * only" in the SPEC, shows all readers' behaviour, so admin-only).
 */
export const discoveryEndpoints = {
  related: {
    method: 'GET',
    path: '/api/posts/:postId/related',
    access: 'public',
    cache: 'default',
    output: json<RelatedPost[]>(),
  },
  smartSidebar: {
    method: 'GET',
    path: '/api/posts/:id/smart-sidebar',
    access: 'public',
    cache: 'default',
    output: json<SmartSidebar>(),
  },
  argumentStrength: {
    method: 'GET',
    path: '/api/posts/:id/argument-strength',
    access: 'admin',
    cache: 'default',
    output: json<ArgumentStrength>(),
  },
  crossReferences: {
    method: 'GET',
    path: '/api/posts/:id/cross-references',
    access: 'admin',
    cache: 'default',
    output: json<CrossReference[]>(),
  },
  conceptEvolution: {
    method: 'GET',
    path: '/api/concepts/evolution',
    access: 'admin',
    cache: 'default',
    output: json<ConceptEvolution>(),
  },
  userInsights: {
    method: 'GET',
    path: '/api/user/insights',
    access: 'admin',
    cache: 'default',
    output: json<UserInsights>(),
  },
} as const satisfies Record<string, Endpoint>
