import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { fileURLToPath } from 'node:url'

const apiPort = process.env.API_PORT ?? '3001'

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    outDir: `${process.env.JC_DIST_DIR ?? 'dist'}/client`,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
  },
  // `npm run dev`: Vite serves the SPA and forwards /api to the API server started beside it.
  server: { port: 3000, proxy: { '/api': `http://127.0.0.1:${apiPort}` } },
})
