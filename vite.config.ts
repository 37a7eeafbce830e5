import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { fontFacesApart } from './scripts/font-faces-apart.js'
import { themeOverride } from './scripts/theme-override.js'

// Client build only. Pages are rendered on the server (web/entry-server.tsx, compiled by tsc),
// which writes the HTML shell itself and links the assets named in the manifest under the
// key 'web/entry-client.tsx'. So there is no index.html and no SSR build here.
export default defineConfig({
  root: '.',
  // Relative addresses inside the bundle (fonts in the CSS, lazily loaded chunks): the same
  // files then work at /assets/ and under a sub-path, as a static build (`blog build --base`) needs.
  base: './',
  publicDir: 'web/public',
  plugins: [react(), fontFacesApart()],
  // the reader's light/dark choice over the system's (scripts/theme-override.ts)
  css: { postcss: { plugins: [themeOverride()] } },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    assetsDir: 'assets',
    // No <link rel="modulepreload"> inserted by the bundle before each dynamic import: adding
    // them to the head was ~40 ms of main-thread work (at Lighthouse's 4x CPU) as the app
    // started, each time; the browser then finds a chunk's imports as it loads the chunk.
    modulePreload: false,
    rollupOptions: {
      input: 'web/entry-client.tsx',
    },
  },
})
