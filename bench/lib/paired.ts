import fs from 'node:fs'
import http from 'node:http'
import { performance } from 'node:perf_hooks'
import { percentile } from './bench'

type RawClient = { query: (text: string, params?: unknown[]) => Promise<unknown> }

export interface PairedStats {
  api: { p50: number; p99: number }
  sql: { p50: number; p99: number }
  /** Median of (API − SQL) over the pairs: what one request adds to its own statements. */
  pairedOverheadP50: number
  /** The server's own CPU time (user + system, /proc) per request over the timed pairs, when its pid is known. */
  serverCpuMs?: number | undefined
  /** With a floor URL: the floor server's latency, timed in the same rounds. */
  floor?: { p50: number; p99: number } | undefined
  /** With a floor URL: median of (API − floor) over the rounds — what the application itself adds. */
  pairedAppCostP50?: number | undefined
}

/** CPU time (user + system) a process has used so far, in ms (Linux /proc, clock ticks of 10 ms). */
export function processCpuMs(pid: number): number | undefined {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return undefined
  }
}

/**
 * API and bare SQL timed in alternation, request after statement set, so that both see the same machine.
 * Timed one after the other (all SQL first, API minutes later), the difference drifted by ±1–3 ms with what
 * else ran on these 2 cores — more than the overhead being measured. Here each pair shares its moment, the
 * order within a pair alternates, and a keep-alive HTTP/1.1 connection stands for autocannon's 1 connection.
 */
export async function pairedLatency(options: {
  url: string
  cookie: string
  client: RawClient
  queries: readonly { sql: string; params: unknown[] }[]
  runs: number
  expectedStatus?: number
  /** The server's pid: its CPU time per request is reported too (steadier than wall-clock under load). */
  serverPid?: number | undefined
  /** A floor server answering the same path (bench/lib/floor-server.ts): timed in the same rounds. */
  floorUrl?: string | undefined
}): Promise<PairedStats> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  const expected = options.expectedStatus ?? 200
  const floorAgent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  const get = (url: string, via: http.Agent) => () =>
    new Promise<void>((resolve, reject) => {
      const req = http.get(url, { agent: via, headers: { cookie: options.cookie } }, (res) => {
        res.resume()
        res.once('end', () =>
          res.statusCode === expected
            ? resolve()
            : reject(new Error(`${url}: ${res.statusCode} em vez de ${expected}`)),
        )
      })
      req.once('error', reject)
    })
  const request = get(options.url, agent)
  const floorRequest = options.floorUrl ? get(options.floorUrl, floorAgent) : undefined
  const statements = () => Promise.all(options.queries.map((q) => options.client.query(q.sql, q.params)))
  const time = async (fn: () => Promise<unknown>) => {
    const start = performance.now()
    await fn()
    return performance.now() - start
  }
  const warmUp = 30
  const api: number[] = []
  const sql: number[] = []
  const floor: number[] = []
  const diffs: number[] = []
  const appDiffs: number[] = []
  let cpuBefore: number | undefined
  let cpuAfter: number | undefined
  // The order within a round rotates, so that no side always runs right after another.
  const steps: { name: 'api' | 'sql' | 'floor'; fn: () => Promise<unknown> }[] = [
    { name: 'api', fn: request },
    { name: 'sql', fn: statements },
    ...(floorRequest ? [{ name: 'floor' as const, fn: floorRequest }] : []),
  ]
  try {
    for (let i = 0; i < warmUp + options.runs; i++) {
      if (i === warmUp && options.serverPid) cpuBefore = processCpuMs(options.serverPid)
      const round: Partial<Record<'api' | 'sql' | 'floor', number>> = {}
      const order = i % 2 === 0 ? steps : [...steps].reverse()
      const shift = Math.floor(i / 2) % steps.length
      for (const step of [...order.slice(shift), ...order.slice(0, shift)])
        round[step.name] = await time(step.fn)
      if (i < warmUp) continue
      api.push(round.api!)
      sql.push(round.sql!)
      diffs.push(round.api! - round.sql!)
      if (round.floor !== undefined) {
        floor.push(round.floor)
        appDiffs.push(round.api! - round.floor)
      }
    }
    if (options.serverPid) cpuAfter = processCpuMs(options.serverPid)
  } finally {
    agent.destroy()
    floorAgent.destroy()
  }
  return {
    api: { p50: percentile(api, 50), p99: percentile(api, 99) },
    sql: { p50: percentile(sql, 50), p99: percentile(sql, 99) },
    pairedOverheadP50: percentile(diffs, 50),
    floor: floor.length ? { p50: percentile(floor, 50), p99: percentile(floor, 99) } : undefined,
    pairedAppCostP50: appDiffs.length ? percentile(appDiffs, 50) : undefined,
    serverCpuMs:
      cpuBefore === undefined || cpuAfter === undefined ? undefined : (cpuAfter - cpuBefore) / options.runs,
  }
}
