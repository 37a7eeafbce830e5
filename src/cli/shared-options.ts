import { Option } from 'commander'
import type { Blog } from '../app/blog.js'
import type { Importer } from '../app/importer.js'

export const dataOption = () => new Option('--data <dir>', 'data folder (default: ./data, or BLOG_DATA_DIR)')
export const jsonOption = () => new Option('--json', 'print one JSON object instead of text (for scripts and CI)')

export interface DataOptions {
  data?: string
}

/** Open the blog for one command and always close it. */
export async function withBlog<T>(
  opts: DataOptions & { baseUrl?: string },
  fn: (blog: Blog) => Promise<T>,
): Promise<T> {
  // Loaded on use, so `blog --help` starts without the server, renderer and store.
  const { createBlog } = await import('../app/blog.js')
  const blog = await createBlog({ dataDir: opts.data, baseUrl: opts.baseUrl })
  try {
    return await fn(blog)
  } finally {
    await blog.close()
  }
}

/** Open the data folder for importing only (see openImporter) and always close it. */
export async function withImporter<T>(opts: DataOptions, fn: (importer: Importer) => Promise<T>): Promise<T> {
  const { openImporter } = await import('../app/importer.js')
  const importer = await openImporter({ dataDir: opts.data })
  try {
    return await fn(importer)
  } finally {
    await importer.close()
  }
}
