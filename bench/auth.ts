// Issue 3's numbers: sign-in requests/s on the production server (scrypt dominates) and the time from the
// click on 'Entrar' to a usable dashboard. Run: `npm run bench -- auth [--duration=10] [--connections=10]
// [--runs=5] [--dist=dist-bench]`.
//
// The server runs as `npm start` does (NODE_ENV=production, rate limits on) with TRUST_PROXY=true, and every
// request carries its own X-Forwarded-For: sign-in allows 10 tries a minute per client address, so one
// address would measure the limiter instead of the sign-in.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { chromium } from '@playwright/test'
import { flagValue, median, printTable, type Row } from './lib/bench'
import { startServer, type RunningServer } from './lib/server'

// autocannon's per-request options (bench/lib/autocannon.d.ts types only what the other benches use).
interface RequestSpec {
  method?: string
  path?: string
  headers?: Record<string, string>
  body?: string
  setupRequest?: (request: RequestSpec) => RequestSpec
}
type CannonOptions = Parameters<typeof autocannon>[0]

export const description = 'contas (issue 3): entradas/s (scrypt) e do clique em Entrar ao painel utilizável'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const PASSWORD = 'bench-senha-123'
const EMAIL = `bench-auth-${Date.now()}@example.com`

let clientCounter = 0
/** A fresh client address per request: 10.x.y.z, never the same twice in a run. */
function nextClientIp(): string {
  const n = ++clientCounter
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`
}

async function createAccount(base: string) {
  const response = await fetch(`${base}/api/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': nextClientIp() },
    body: JSON.stringify({
      userType: 'advogado',
      email: EMAIL,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      nomeCompleto: 'Bianca Bench',
      telefone: '(11) 98765-4321',
      estadoId: 35,
      cidadeId: 3550308,
      oabNumero: '123456',
      oabEstado: 'SP',
    }),
  })
  if (response.status !== 201) throw new Error(`cadastro falhou: ${response.status} ${await response.text()}`)
}

async function signInLoad(base: string, connections: number, duration: number, password = PASSWORD) {
  const requests: RequestSpec[] = [
    {
      method: 'POST',
      path: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: EMAIL, password }),
      setupRequest: (request) => ({
        ...request,
        headers: { ...request.headers, 'x-forwarded-for': nextClientIp() },
      }),
    },
  ]
  return autocannon({ url: base, connections, duration, requests } as CannonOptions)
}

/** Click on 'Entrar' → welcome heading shown and the sidebar's 'Sair' enabled (the layout is mounted). */
async function clickToDashboard(base: string, runs: number): Promise<number[]> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  })
  const times: number[] = []
  try {
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({
        baseURL: base,
        locale: 'pt-BR',
        viewport: { width: 1280, height: 800 },
        extraHTTPHeaders: { 'x-forwarded-for': nextClientIp() },
      })
      const page = await context.newPage()
      await page.goto('/auth')
      await page.getByLabel('Email').fill(EMAIL)
      await page.getByLabel('Senha').fill(PASSWORD)
      const button = page.getByRole('button', { name: 'Entrar', exact: true })
      await button.waitFor()
      const started = performance.now()
      await button.click()
      await page.getByRole('heading', { level: 1, name: /^Bem-vindo, / }).waitFor()
      await page.getByRole('button', { name: 'Sair' }).and(page.locator(':enabled')).waitFor()
      times.push(performance.now() - started)
      await context.close()
    }
  } finally {
    await browser.close()
  }
  return times
}

export async function run(flags: string[]) {
  const duration = Number(flagValue(flags, 'duration') ?? 10)
  const connections = Number(flagValue(flags, 'connections') ?? 10)
  const runs = Number(flagValue(flags, 'runs') ?? 5)
  // The build to serve (rebuilt by `npm start` when stale); --dist= lets a run use its own.
  const DIST = flagValue(flags, 'dist') ?? 'dist-bench'
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jusconecta-bench-auth-'))
  let server: RunningServer | undefined
  try {
    console.log(`Iniciando o servidor de produção (${DIST}, TRUST_PROXY=true)...`)
    server = await startServer({ distDir: DIST, dataDir, env: { TRUST_PROXY: 'true' }, timeoutMs: 300_000 })
    await createAccount(server.url)

    await signInLoad(server.url, 1, 2) // warm-up: JIT, the first sessions, the connection pool
    const single = await signInLoad(server.url, 1, Math.max(3, Math.round(duration / 2)))
    const loaded = await signInLoad(server.url, connections, duration)
    const wrong = await signInLoad(
      server.url,
      connections,
      Math.max(3, Math.round(duration / 2)),
      'errada-123',
    )
    // The browser must use the server's public origin (PUBLIC_URL defaults to http://localhost:PORT):
    // better-auth refuses a sign-in whose Origin it doesn't trust.
    const times = await clickToDashboard(server.url.replace('127.0.0.1', 'localhost'), runs)

    const rows: Row[] = [
      {
        metric: 'Carga da máquina (load average de 1 min, ao fim)',
        value: os.loadavg()[0]!.toFixed(1),
        note: `${os.cpus().length} núcleos; outros processos na máquina reduzem os números acima`,
      },
      {
        metric: `Entrada (POST /api/auth/sign-in/email), ${connections} conexões`,
        value: `${loaded.requests.average.toFixed(1)} req/s`,
        note: `p50 ${loaded.latency.p50} ms, p99 ${loaded.latency.p99} ms; ${loaded['2xx']} × 200, ${loaded.non2xx} outros, ${os.cpus().length} núcleos`,
      },
      {
        metric: 'Entrada, 1 conexão (latência vista por um usuário)',
        value: `p50 ${single.latency.p50} ms`,
        note: `p99 ${single.latency.p99} ms; ${single.requests.average.toFixed(1)} req/s`,
      },
      {
        metric: `Senha errada, ${connections} conexões (mesmo custo: scrypt)`,
        value: `${wrong.requests.average.toFixed(1)} req/s`,
        note: `p50 ${wrong.latency.p50} ms; ${wrong.non2xx} × 401`,
      },
      {
        metric: `Clique em 'Entrar' → painel utilizável (mediana de ${runs})`,
        value: `${Math.round(median(times))} ms`,
        note: `inclui os 500 ms de espera do spec §9; execuções: ${times.map((t) => Math.round(t)).join(', ')} ms`,
      },
    ]
    printTable(rows)
  } finally {
    await server?.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}
