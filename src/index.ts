/** Scholia's programmatic API: everything the CLI, the server and the dashboard use. */
export { createBlog, type Blog, type CreateBlogOptions } from './app/blog.js'
export { loadConfig, type BlogConfig } from './core/config.js'
export { BlogError, type ErrorCode } from './core/errors.js'
export { GUEST, type Viewer } from './core/viewer.js'
export type { ImportReport, ImportFileResult } from './importer/import-service.js'
export * from './shared/schemas/index.js'
