import { keysLines } from './keys.js'

export interface PaneBox {
  width: number
  height: number
}

export interface Layout {
  /** Posts on the left and the other panes on the right; otherwise stacked. */
  wide: boolean
  height: number
  pageSize: number
  posts: PaneBox
  jobs: PaneBox
  community: PaneBox
  imports: PaneBox
}

/** Lines under the panes: the status, the keys (one or two lines) and the prompt when one is open. */
const footer = (columns: number, prompt: boolean) => 1 + keysLines(columns).length + (prompt ? 1 : 0)

/**
 * Where the panes go for a terminal size. Wide terminals (100 columns or more) put the posts
 * beside the rest; narrow ones stack everything, posts first. One line is left free at the
 * bottom: a frame as tall as the terminal makes it scroll.
 */
export function layoutFor(size: { columns: number; rows: number }, prompt: boolean): Layout {
  const height = Math.max(12, size.rows - 1)
  const main = height - footer(size.columns, prompt)
  const wide = size.columns >= 100
  if (wide) {
    const left = Math.floor(size.columns * 0.55)
    const right = size.columns - left
    const community = Math.min(8, Math.max(5, Math.floor(main / 4)))
    const jobs = Math.floor((main - community) / 2)
    return {
      wide,
      height,
      pageSize: main - 4,
      posts: { width: left, height: main },
      jobs: { width: right, height: jobs },
      community: { width: right, height: community },
      imports: { width: right, height: main - community - jobs },
    }
  }
  const posts = Math.max(6, Math.floor(main / 2))
  const rest = main - posts
  const community = Math.min(6, Math.max(4, Math.floor(rest / 3)))
  const jobs = Math.floor((rest - community) / 2)
  const w = size.columns
  return {
    wide,
    height,
    pageSize: posts - 4,
    posts: { width: w, height: posts },
    jobs: { width: w, height: jobs },
    community: { width: w, height: community },
    imports: { width: w, height: rest - community - jobs },
  }
}
