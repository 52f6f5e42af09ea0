// `npm run bench` runs every benchmark in this folder; `npm run bench -- foundation` only that one.
// Flags after the names go to the benchmarks (e.g. `npm run bench -- foundation --with-npm-ci`).
// A benchmark is a file bench/<name>.ts exporting `description` and `run(flags)`; helpers live in bench/lib.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { BenchModule } from './lib/bench'

const dir = path.dirname(fileURLToPath(import.meta.url))
const available = fs
  .readdirSync(dir)
  .filter((file) => file.endsWith('.ts') && file !== 'run.ts')
  .map((file) => file.slice(0, -'.ts'.length))
  .sort()

const args = process.argv.slice(2)
const flags = args.filter((arg) => arg.startsWith('--'))
const requested = args.filter((arg) => !arg.startsWith('--'))
const unknown = requested.filter((name) => !available.includes(name))
if (unknown.length > 0) {
  console.error(`Benchmark desconhecido: ${unknown.join(', ')}. Disponíveis: ${available.join(', ')}.`)
  process.exit(2)
}

for (const name of requested.length > 0 ? requested : available) {
  const bench = (await import(`./${name}.ts`)) as BenchModule
  console.log(`\n=== ${name}: ${bench.description}\n`)
  await bench.run(flags)
}
