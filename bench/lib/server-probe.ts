// Loaded into a benchmark's server process with `--import` (bench/load.ts), never in production: the server's
// code is unchanged, this module only watches it from inside and writes what it saw as JSON to
// JC_BENCH_PROBE_FILE. SIGUSR2 starts the measured window (everything so far is dropped); a second SIGUSR2
// ends it and writes the final figures at once.
//   - event-loop delay (perf_hooks' histogram, 20 ms resolution) and every stall over STALL_MS, with the CPU
//     the process itself used meanwhile (close to the stall: our own synchronous work; far below it: the
//     process waited for a core the machine gave to someone else);
//   - each pg pool's acquire wait (the time a query or transaction waited for a connection) and its queue;
//   - each statement's time on its connection, grouped by its text, with the pool it ran on.
import fs from 'node:fs'
import { monitorEventLoopDelay, performance } from 'node:perf_hooks'
import pg from 'pg'

const STALL_MS = 50
const TICK_MS = 20

const file = process.env.JC_BENCH_PROBE_FILE

interface Series {
  values: number[]
  total: number
  max: number
}
const series = (): Series => ({ values: [], total: 0, max: 0 })
function add(target: Series, value: number) {
  target.values.push(value)
  target.total += value
  if (value > target.max) target.max = value
}
function quantile(values: number[], q: number): number {
  if (values.length === 0) return 0
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!
}
const round = (n: number) => Math.round(n * 100) / 100

let recording = true
let windowStart = Date.now()
let cpuAtStart = process.cpuUsage()
const loop = monitorEventLoopDelay({ resolution: TICK_MS })
loop.enable()
let stalls: { at: number; ms: number; cpuMs: number }[] = []
let acquires = new Map<string, Series>()
let maxWaiting = new Map<string, number>()
let statements = new Map<string, Series>()
const pools = new Set<pg.Pool>()

function poolName(options: { application_name?: string } | undefined) {
  return options?.application_name ?? 'app'
}

function reset() {
  windowStart = Date.now()
  cpuAtStart = process.cpuUsage()
  loop.reset()
  stalls = []
  acquires = new Map()
  maxWaiting = new Map()
  statements = new Map()
}

function snapshot() {
  const cpu = process.cpuUsage(cpuAtStart)
  // The histogram holds whole timer intervals: its floor is the resolution, which is not delay.
  const ms = (ns: number) => round(Math.max(0, ns / 1e6 - TICK_MS))
  const byPool = Object.fromEntries(
    [...acquires].map(([name, s]) => [
      name,
      {
        acquires: s.values.length,
        waitP50: round(quantile(s.values, 0.5)),
        waitP99: round(quantile(s.values, 0.99)),
        waitMax: round(s.max),
        over5ms: s.values.filter((value) => value > 5).length,
        maxWaiting: maxWaiting.get(name) ?? 0,
      },
    ]),
  )
  const byStatement = [...statements].map(([text, s]) => ({
    text,
    count: s.values.length,
    p50: round(quantile(s.values, 0.5)),
    p99: round(quantile(s.values, 0.99)),
    max: round(s.max),
    totalMs: round(s.total),
  }))
  return {
    pid: process.pid,
    windowMs: Date.now() - windowStart,
    cpuMs: round((cpu.user + cpu.system) / 1000),
    eventLoop: {
      p50: ms(loop.percentile(50)),
      p99: ms(loop.percentile(99)),
      max: ms(loop.max),
      mean: ms(loop.mean),
    },
    stalls,
    pools: byPool,
    slowestStatements: [...byStatement].sort((a, b) => b.max - a.max).slice(0, 15),
    busiestStatements: [...byStatement].sort((a, b) => b.totalMs - a.totalMs).slice(0, 15),
  }
}

function write() {
  if (file) fs.writeFileSync(file, JSON.stringify(snapshot()))
}

if (file) {
  // Stalls: a 20 ms timer that fires late by more than STALL_MS.
  let expected = performance.now() + TICK_MS
  let cpuBefore = process.cpuUsage()
  setInterval(() => {
    const now = performance.now()
    const late = now - expected
    const cpu = process.cpuUsage()
    if (recording && late > STALL_MS) {
      const cpuMs = (cpu.user - cpuBefore.user + cpu.system - cpuBefore.system) / 1000
      stalls.push({ at: Date.now(), ms: round(late + TICK_MS), cpuMs: round(cpuMs) })
    }
    cpuBefore = cpu
    expected = now + TICK_MS
    if (recording) {
      for (const pool of pools) {
        const name = poolName(pool.options)
        if (pool.waitingCount > (maxWaiting.get(name) ?? 0)) maxWaiting.set(name, pool.waitingCount)
      }
    }
  }, TICK_MS).unref()
  let marks = 0
  process.on('SIGUSR2', () => {
    if (marks++ === 0) reset()
    else {
      write()
      recording = false
    }
  })
  process.on('exit', () => recording && write())

  type Callback = (error: Error | undefined, ...rest: unknown[]) => void
  const connect = pg.Pool.prototype.connect as (this: pg.Pool, callback?: Callback) => unknown
  pg.Pool.prototype.connect = function (this: pg.Pool, callback?: Callback) {
    pools.add(this)
    const started = performance.now()
    const name = poolName(this.options)
    const record = () => {
      if (!recording) return
      let target = acquires.get(name)
      if (!target) acquires.set(name, (target = series()))
      add(target, performance.now() - started)
    }
    if (typeof callback === 'function') {
      return connect.call(this, (error, ...rest) => {
        record()
        callback(error, ...rest)
      })
    }
    return (connect.call(this) as Promise<pg.PoolClient>).then((client) => {
      record()
      return client
    })
  } as typeof pg.Pool.prototype.connect

  const query = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [config] = args
    // A Submittable (a cursor, COPY streams) manages itself.
    if (config && typeof (config as { submit?: unknown }).submit === 'function')
      return query.apply(this, args)
    const text =
      typeof config === 'string' ? config : ((config as { text?: string } | undefined)?.text ?? '?')
    const key = `${poolName((this as unknown as { connectionParameters?: { application_name?: string } }).connectionParameters)}: ${text
      .replace(/\s+/g, ' ')
      .slice(0, 110)}`
    const started = performance.now()
    const record = () => {
      if (!recording) return
      let target = statements.get(key)
      if (!target) statements.set(key, (target = series()))
      add(target, performance.now() - started)
    }
    const last = args.length - 1
    if (typeof args[last] === 'function') {
      const callback = args[last] as Callback
      args[last] = (error: Error | undefined, ...rest: unknown[]) => {
        record()
        callback(error, ...rest)
      }
      return query.apply(this, args)
    }
    const result = query.apply(this, args)
    if (result && typeof (result as Promise<unknown>).then === 'function')
      (result as Promise<unknown>).then(record, record)
    return result
  } as typeof pg.Client.prototype.query
}
