import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** What bench/run.ts expects from bench/<name>.ts. */
export interface BenchModule {
  description: string
  run(flags: string[]): Promise<void>
}

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
/** Scratch space for benchmarks (git-ignored). */
export const SCRATCH = path.join(ROOT, '.bench')

export function flagValue(flags: string[], name: string): string | undefined {
  const prefix = `--${name}=`
  return flags.find((flag) => flag.startsWith(prefix))?.slice(prefix.length)
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
export const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`
export const MB = (bytes: number) => `${(bytes / 1_000_000).toFixed(0)} MB`

/** Runs a command to completion and returns how long it took (ms); throws on a non-zero exit. */
export function timeCommand(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv },
) {
  const started = performance.now()
  execFileSync(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: 'ignore' })
  return performance.now() - started
}

export interface Row {
  metric: string
  value: string
  target?: string
  note?: string
}

/** Prints rows as a Markdown table (pastes straight into an issue note). */
export function printTable(rows: Row[]) {
  const header = ['Medida', 'Valor', 'Meta', 'Observação']
  const cells = rows.map((row) => [row.metric, row.value, row.target ?? '', row.note ?? ''])
  const widths = header.map((title, column) =>
    Math.max(title.length, ...cells.map((line) => line[column]!.length)),
  )
  const line = (values: string[]) => `| ${values.map((value, i) => value.padEnd(widths[i]!)).join(' | ')} |`
  console.log(line(header))
  console.log(line(widths.map((width) => '-'.repeat(width))))
  for (const row of cells) console.log(line(row))
}

/** Milliseconds for a results line: two decimals under 10 ms, one above. */
export const ms = (n: number) => `${n < 10 ? n.toFixed(2) : n.toFixed(1)} ms`

/** Nearest-rank percentile (p in 0–100) of the values; NaN when there are none. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  if (sorted.length === 0) return Number.NaN
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)
  return sorted[Math.max(0, index)] ?? Number.NaN
}
