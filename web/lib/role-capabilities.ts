/** SPEC §6, in words a visitor reads on /admin-secret: what each role may do. */
export const GUEST_CAPABILITIES: readonly string[] = [
  'Read published posts',
  'Search posts',
  'View annotations and bibliographies',
  'Subscribe to the newsletter',
  'Share, print and browse by tag',
]

export const ADMIN_CAPABILITIES: readonly string[] = [
  'Everything a guest can do',
  'Upload markdown essays',
  'Edit, delete, publish and unpublish posts, and see drafts',
  'Select posts for bulk operations',
  'Generate annotations, bibliographies, images and models with AI',
  'Edit the About page and the footer',
  'Open the analytics panel and export to arXiv',
  'Manage the profile and create further admins (at most 5)',
]

/** SPEC §2 admin-secret 'access level', from the role. */
export function accessLevel(role: 'admin' | 'guest' | null): string {
  return role === 'admin' ? 'Full admin access' : 'Read-only guest access'
}

/** "3 admin slots remaining", "1 admin slot remaining", "No admin slots remaining". */
export function slotsRemainingText(n: number): string {
  if (n <= 0) return 'No admin slots remaining.'
  return `${n} admin ${n === 1 ? 'slot' : 'slots'} remaining.`
}
