// `npm start`: builds when the build is missing or older than the sources, then runs the server as a child
// process and keeps it running (issue 24). The server is dist/server/index.js on the same Node, with this
// terminal's stdio; SIGTERM/SIGINT are passed on to it and `npm start` ends with its exit code. If the server
// ever dies otherwise (a signal such as SIGKILL or the OOM killer, a non-zero exit) this supervisor logs one
// JSON line saying so and starts it again after 1 s, 2 s, 4 s … up to 30 s (back to 1 s once a run lasted
// 60 s). A start-up configuration error (bad variable, busy port, DATA_DIR in use: exit code 78, the
// server's one line already says what to fix) is not retried: it would fail the same way every time.
import './require-node.mjs'
import { execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
// JC_DIST_DIR lets two builds live side by side (e.g. parallel e2e runs); it must sit directly in the root.
const dist = path.join(root, process.env.JC_DIST_DIR ?? 'dist')
const stamp = path.join(dist, '.build-stamp')
const INPUTS = ['src', 'public', 'index.html', 'package-lock.json', 'vite.config.ts', 'vite.server.config.ts']
/** sysexits.h EX_CONFIG: what src/server/index.server.ts exits with when the configuration stops the start. */
const CONFIG_ERROR_EXIT = 78
const FIRST_DELAY_MS = 1_000
const MAX_DELAY_MS = 30_000
/** A run at least this long counts as healthy: the next crash waits FIRST_DELAY_MS again. */
const HEALTHY_RUN_MS = 60_000

function newestMtime(entry) {
  const full = path.join(root, entry)
  if (!fs.existsSync(full)) return 0
  const stat = fs.statSync(full)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const child of fs.readdirSync(full)) {
    if (child.endsWith('.test.ts') || child.endsWith('.test.tsx')) continue
    newest = Math.max(newest, newestMtime(path.join(entry, child)))
  }
  return newest
}

// Tests of this supervisor point it at a small stand-in server instead of a build (which takes minutes).
const entryOverride = process.env.JC_SERVER_ENTRY
const entry = entryOverride ? path.resolve(entryOverride) : path.join(dist, 'server/index.js')
if (!entryOverride) {
  const builtAt = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0
  const sourcesAt = Math.max(...INPUTS.map(newestMtime))
  if (builtAt < sourcesAt || !fs.existsSync(entry)) {
    console.log(
      builtAt ? 'Código alterado desde o último build: recompilando...' : 'Primeiro início: compilando...',
    )
    execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit', cwd: root })
  }
}

/** One line in the server log's format (src/platform/log.server.ts), so log readers see one stream. */
function logLine(level, message, data) {
  const line = JSON.stringify({ time: new Date().toISOString(), level, message, ...data })
  if (level === 'error') process.stderr.write(`${line}\n`)
  else process.stdout.write(`${line}\n`)
}

let server
let stopSignal
let restartTimer
let delay = FIRST_DELAY_MS
let restarts = 0

function run() {
  restartTimer = undefined
  const startedAt = Date.now()
  // The IPC channel is only a lifeline: if this supervisor is killed outright, the server sees it close and
  // shuts down instead of holding the port and DATA_DIR as an orphan.
  const child = spawn(process.execPath, [...process.execArgv, entry], {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  })
  server = child
  child.once('error', (error) => {
    logLine('error', 'não foi possível iniciar o servidor', { error: error.code ?? error.name })
    process.exit(1)
  })
  child.once('exit', (code, signal) => {
    server = undefined
    if (stopSignal) process.exit(code ?? 128 + (os.constants.signals[signal] ?? 0))
    // 0: stopped on purpose (someone signalled the server itself); 78: its configuration stops every start.
    if (code === 0 || code === CONFIG_ERROR_EXIT) process.exit(code)
    if (Date.now() - startedAt >= HEALTHY_RUN_MS) delay = FIRST_DELAY_MS
    restarts++
    const cause = signal ? `sinal ${signal}` : `código ${code}`
    logLine('error', `o servidor parou inesperadamente (${cause}); reiniciando`, {
      pid: child.pid,
      signal: signal ?? undefined,
      code: code ?? undefined,
      uptimeMs: Date.now() - startedAt,
      restartInMs: delay,
      restarts,
    })
    restartTimer = setTimeout(run, delay)
    delay = Math.min(delay * 2, MAX_DELAY_MS)
  })
}

function stop(signal) {
  stopSignal = signal
  if (server) {
    // Also after a second Ctrl+C: the server ignores a repeated signal while it is already shutting down.
    server.kill(signal)
  } else {
    // Waiting to restart: there is nothing to stop.
    clearTimeout(restartTimer)
    process.exit(0)
  }
}
process.on('SIGTERM', () => stop('SIGTERM'))
process.on('SIGINT', () => stop('SIGINT'))

run()
