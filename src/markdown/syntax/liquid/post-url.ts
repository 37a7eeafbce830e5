import { POST_URL_SCHEME } from '../../plugins/rehype-xref-links.js'
import { defineLiquidTag } from './index.js'

/**
 * `{% post_url 2018-12-22-distill %}`: Jekyll's address of another post, by its file name in
 * `_posts/` (a subfolder may come first). Which post that is, and its address here, is only
 * known once every post is imported, so the tag writes an address that rehype-xref-links marks
 * for resolution when the post is read.
 */
defineLiquidTag('post_url', (args) => {
  const name = args.trim().replace(/^["']|["']$/g, '')
  // Jekyll takes the name without extension; a subfolder (`/2019/name`) does not change the post.
  const base = name.split('/').filter(Boolean).pop() ?? ''
  return base && /^[\w.-]+$/.test(base) ? POST_URL_SCHEME + base.replace(/\.(?:md|markdown)$/i, '') : ''
})
