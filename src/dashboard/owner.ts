import type { Viewer } from '../core/viewer.js'

/**
 * The person at the terminal. Like `blog admin` and `blog export` (the core's OWNER actor),
 * whoever can open the data folder may do what an admin may; the post, newsletter and comment
 * services take a Viewer, so the dashboard passes an admin one. Account ids start at 1, so
 * id 0 stands for no account at all and is never mistaken for a real admin.
 */
export const TERMINAL_OWNER: Viewer = { userId: 0, role: 'admin' }
