// Starts `npm start`'s server on a fresh DATA_DIR for one Playwright run (deleted at exit).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

// E2E_DATA_DIR (set by playwright.config.ts) lets specs read what the server writes there, e.g. the outbox.
const dataDir = process.env.E2E_DATA_DIR || fs.mkdtempSync(path.join(os.tmpdir(), 'jusconecta-e2e-'))
fs.mkdirSync(dataDir, { recursive: true })
process.env.DATA_DIR = dataDir
process.on('exit', () => {
  if (path.basename(dataDir).startsWith('jusconecta-e2e-'))
    fs.rmSync(dataDir, { recursive: true, force: true })
})

// Publicações e Intimações (issue 27): the DJEN and DataJud are a replay server of ours on a free port, so no
// run reaches the internet and the specs know what the courts "published". It prints its URL first; its
// DataJud accepts only its own key (publications.fixtures.ts DATAJUD_REPLAY_KEY).
const replayScript = new URL('../src/features/publications/publications.replay.ts', import.meta.url)
if (fs.existsSync(replayScript)) {
  const replay = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(replayScript), '--port', '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  process.on('exit', () => replay.kill('SIGTERM'))
  const url = await new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), 60_000)
    let buffered = ''
    replay.stdout.on('data', (chunk) => {
      buffered += chunk
      const found = /(http:\/\/127\.0\.0\.1:\d+)/.exec(buffered)
      if (found) {
        clearTimeout(timer)
        // Its later output is not needed: drained and dropped.
        replay.stdout.removeAllListeners('data')
        replay.stdout.resume()
        resolve(found[1])
      }
    })
    replay.once('exit', () => resolve(null))
  })
  if (url) {
    process.env.DJEN_API_URL = url
    process.env.DATAJUD_API_URL = url
    process.env.DATAJUD_API_KEY = 'replay-key'
    process.env.DJEN_MIN_INTERVAL_MS = '0'
    process.env.DJEN_RETRY_BASE_MS = '5'
  } else console.error('e2e/serve.mjs: the publications replay server did not start')
}
await import('../scripts/start.mjs')
