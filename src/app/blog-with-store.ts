/**
 * The Blog as its own tests, benchmarks and evaluations open it: the same createBlog, with the
 * store it was built on left visible, so they can seed or inspect the data folder directly.
 * Nothing under src/ imports this module (adapters take a `Blog`, which has no store).
 */
export { openBlog as createBlog, type CreateBlogOptions, type OpenedBlog as Blog } from './blog.js'
