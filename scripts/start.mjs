// `npm start`: builds when the build is missing or older than the sources, then runs the server in this
// very process (so the PID you hold is the server's and SIGTERM reaches it).
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
// JC_DIST_DIR lets two builds live side by side (e.g. parallel e2e runs); it must sit directly in the root.
const dist = path.join(root, process.env.JC_DIST_DIR ?? 'dist')
const stamp = path.join(dist, '.build-stamp')
const INPUTS = ['src', 'public', 'index.html', 'package-lock.json', 'vite.config.ts', 'vite.server.config.ts']

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

const builtAt = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0
const sourcesAt = Math.max(...INPUTS.map(newestMtime))
if (builtAt < sourcesAt || !fs.existsSync(path.join(dist, 'server/index.js'))) {
  console.log(
    builtAt ? 'Código alterado desde o último build: recompilando...' : 'Primeiro início: compilando...',
  )
  execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit', cwd: root })
}

await import(path.join(dist, 'server/index.js'))
