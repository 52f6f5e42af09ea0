// Builds the SPA (dist/client) and the server (dist/server), then writes the stamp `npm start` checks.
import './require-node.mjs'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
// JC_DIST_DIR lets two builds live side by side (e.g. parallel e2e runs); it must sit directly in the root.
const dist = path.join(root, process.env.JC_DIST_DIR ?? 'dist')
const vite = path.join(root, 'node_modules/vite/bin/vite.js')
const run = (...args) => execFileSync(process.execPath, [vite, ...args], { stdio: 'inherit', cwd: root })

run('build', '--logLevel', 'warn')
run('build', '--config', 'vite.server.config.ts', '--logLevel', 'warn')
fs.writeFileSync(path.join(dist, '.build-stamp'), new Date().toISOString())
console.log(`Build concluído em ${path.relative(root, dist)}/.`)
