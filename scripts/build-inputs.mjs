// What `npm run build` reads, and the file it writes last: `npm start` builds again only when one
// of these is newer than that file.
export const BUILD_INPUTS = [
  'src',
  'web',
  'scripts',
  'assets',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'vite.config.ts',
]
export const BUILT_STAMP = 'dist/.built'
