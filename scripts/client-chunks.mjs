// How the browser bundle is cut into files (used by scripts/build.mjs). Rolldown's automatic
// splitting makes one file per set of importers: with lazily loaded pages and panels that is
// dozens of small files, each a request (HTTP/1.1 allows six at a time). So:
//   - `app`: everything web/boot-client.tsx needs before it can run, in one file;
//   - per lazily loaded page, one file with everything it needs beyond `app` (code the post page
//     shares with another page goes into `app`; code only the home and search pages share, into
//     `listing-deps`, so posts do not carry it), so a page costs two or three requests;
//   - the code one page shares with a panel the app's frame loads on any page (FRAME_PANELS: the
//     login dialog, the phone menu) in a file of its own (`search-page-deps-shared`), or
//     in `app` when it is a few hundred bytes: in the page's file, opening the login dialog fetched
//     the post page's code (issue 40);
//   - per panel a reader opens with a press (ON_PRESS), one file with what it needs beyond `app`
//     and the pages' files: the press then waits for two requests, not a chain of small ones;
//   - the rest (the owner's tools, other panels opened on demand) split automatically.
// Which module each one needs is read from a first, automatic split (not written out): it
// follows the imports actually used, where the import graph alone would drag in everything a
// package's index re-exports (radix-ui, zod).
import { build } from 'vite'

const ENTRY = 'web/entry-client.tsx'
const BOOT = 'web/boot-client.tsx'
// The pages a reader lands on. The about and account pages (web/route-pages.ts) split
// automatically: their code shared with no reader's page then stays out of `app`.
const PAGES = ['web/pages/post-page.tsx', 'web/pages/search-page.tsx', 'web/pages/home-page.tsx']
// Fetched when a reader reaches for its button (issue 40): the phone menu's Radix dialog.
const ON_PRESS = ['web/components/layout/mobile-menu-dialog.tsx']
// Loaded by the app's frame on any page, when the reader asks: what they share with one page
// is not left in that page's file (opening the login dialog fetched the post page's code).
const FRAME_PANELS = ['web/components/auth/login-dialog.tsx', ...ON_PRESS]
const depsName = (src) =>
  `${src
    .split('/')
    .pop()
    .replace(/\.tsx$/, '')}-deps`

/** Rolldown's `codeSplitting` option for the client build of vite.config.ts. */
export async function planClientChunks(configFile, root) {
  let bundle = null
  const capture = { name: 'scholia-chunk-plan', generateBundle: (_options, output) => void (bundle = output) }
  await build({ configFile, root, logLevel: 'warn', plugins: [capture], build: { write: false, manifest: false } })
  const chunks = Object.values(bundle).filter((c) => c.type === 'chunk')
  const byFile = new Map(chunks.map((c) => [c.fileName, c]))
  const entryOf = (src) => chunks.find((c) => c.facadeModuleId?.endsWith(src))
  /** The modules of a chunk and of every chunk it imports statically. */
  const modulesOf = (chunk) => {
    const seen = new Set()
    const modules = new Set()
    const visit = (c) => {
      if (!c || seen.has(c)) return
      seen.add(c)
      for (const id of c.moduleIds) modules.add(id)
      for (const file of c.imports) visit(byFile.get(file))
    }
    visit(chunk)
    return modules
  }
  // The first script's own few modules stay in it (it is all that loads before the page is
  // painted), and every file that is loaded on its own keeps its module: the groups hold the
  // code those modules share.
  const first = modulesOf(entryOf(ENTRY))
  const facades = new Set(chunks.map((c) => c.facadeModuleId).filter(Boolean))
  const free = (id) => !first.has(id) && !facades.has(id)
  const owner = new Map()
  for (const id of modulesOf(entryOf(BOOT))) if (free(id)) owner.set(id, 'app')
  const panels = new Set(FRAME_PANELS.flatMap((src) => [...modulesOf(entryOf(src))]))
  const users = new Map()
  for (const page of PAGES) {
    for (const id of modulesOf(entryOf(page))) {
      if (!free(id) || owner.get(id) === 'app') continue
      users.set(id, [...(users.get(id) ?? []), page])
    }
  }
  const size = new Map(chunks.flatMap((c) => Object.entries(c.modules).map(([id, m]) => [id, m.renderedLength])))
  const shared = new Map()
  for (const [id, pages] of users) {
    // needed by two pages: it goes where both find it
    if (pages.length === 3 || (pages.length === 2 && pages.includes(PAGES[0]))) owner.set(id, 'app')
    else if (pages.length === 2) owner.set(id, 'listing-deps')
    else if (panels.has(id)) shared.set(id, `${depsName(pages[0])}-shared`)
    else owner.set(id, depsName(pages[0]))
  }
  // a few hundred bytes are not worth a request of their own
  for (const name of new Set(shared.values())) {
    const ids = [...shared].filter(([, n]) => n === name).map(([id]) => id)
    const small = ids.reduce((sum, id) => sum + (size.get(id) ?? 0), 0) < 2048
    for (const id of ids) owner.set(id, small ? 'app' : name)
  }
  // what the pages' files or `app` hold already stays there
  for (const panel of ON_PRESS) {
    const name = depsName(panel)
    for (const id of modulesOf(entryOf(panel))) if (free(id) && !owner.has(id)) owner.set(id, name)
  }
  const names = [...new Set(owner.values())]
  return {
    groups: names.map((name) => ({
      name,
      priority:
        name === 'app'
          ? 30
          : name === 'listing-deps' || name.endsWith('-shared') || PAGES.some((page) => depsName(page) === name)
            ? 20
            : 10,
      includeDependenciesRecursively: false,
      test: (id) => owner.get(id) === name,
    })),
  }
}
