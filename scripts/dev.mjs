// `npm run dev`: the API server (reloads on change) on API_PORT and Vite's dev server with hot reload on
// PORT, forwarding /api to the API. Ctrl+C stops both.
import './require-node.mjs'
import { spawn } from 'node:child_process'

const apiPort = process.env.API_PORT ?? '3001'
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'src/server/index.server.ts'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: apiPort,
      NODE_ENV: 'development',
      PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:3000',
    },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], {
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
]
const stop = () => children.forEach((child) => child.kill('SIGTERM'))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
children.forEach((child) => child.on('exit', (code) => (stop(), process.exit(code ?? 0))))
