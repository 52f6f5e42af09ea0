// Builds the SPA (dist/client) and the server (dist/server), then writes the stamp `npm start` checks.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const vite = path.join(root, 'node_modules/vite/bin/vite.js')
const run = (...args) => execFileSync(process.execPath, [vite, ...args], { stdio: 'inherit', cwd: root })

run('build', '--logLevel', 'warn')
run('build', '--config', 'vite.server.config.ts', '--logLevel', 'warn')
fs.writeFileSync(path.join(root, 'dist', '.build-stamp'), new Date().toISOString())
console.log('Build concluído em dist/.')
