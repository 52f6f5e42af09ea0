import { defineConfig } from 'vite'
import { fileURLToPath } from 'node:url'

// Builds the Node server (src/server/index.server.ts) into dist/server; dependencies stay in node_modules.
export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    ssr: 'src/server/index.server.ts',
    outDir: `${process.env.JC_DIST_DIR ?? 'dist'}/server`,
    target: 'node24',
    sourcemap: true,
    emptyOutDir: true,
    rollupOptions: { output: { entryFileNames: 'index.js' } },
  },
})
