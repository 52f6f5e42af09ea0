// Starts `npm start`'s server on a fresh DATA_DIR for one Playwright run (deleted at exit).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jusconecta-e2e-'))
process.env.DATA_DIR = dataDir
process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }))
await import('../scripts/start.mjs')
