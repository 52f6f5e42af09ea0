// Starts `npm start`'s server on a fresh DATA_DIR for one Playwright run (deleted at exit).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

// E2E_DATA_DIR (set by playwright.config.ts) lets specs read what the server writes there, e.g. the outbox.
const dataDir = process.env.E2E_DATA_DIR || fs.mkdtempSync(path.join(os.tmpdir(), 'jusconecta-e2e-'))
fs.mkdirSync(dataDir, { recursive: true })
process.env.DATA_DIR = dataDir
process.on('exit', () => {
  if (path.basename(dataDir).startsWith('jusconecta-e2e-'))
    fs.rmSync(dataDir, { recursive: true, force: true })
})
await import('../scripts/start.mjs')
