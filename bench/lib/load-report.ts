import { ms, percentile, printTable, type Row } from './bench'

// The figures bench/load.ts prints: overall, per endpoint, per node (with what bench/lib/server-probe.ts saw
// inside each server) and where the slowest 1 % of the requests came from.

export interface Sample {
  label: string
  node: number
  status: number | 'rede'
  ms: number
  /** Date.now() when it was sent: the probes' stalls carry the same clock. */
  startedAt: number
}

interface StatementFigures {
  text: string
  count: number
  p50: number
  p99: number
  max: number
  totalMs: number
}

/** What server-probe.ts writes (see there). */
export interface ProbeReport {
  pid: number
  windowMs: number
  cpuMs: number
  eventLoop: { p50: number; p99: number; max: number; mean: number }
  stalls: { at: number; ms: number; cpuMs: number }[]
  pools: Record<
    string,
    {
      acquires: number
      waitP50: number
      waitP99: number
      waitMax: number
      over5ms: number
      maxWaiting: number
    }
  >
  slowestStatements: StatementFigures[]
  busiestStatements: StatementFigures[]
}

export interface LoadReport {
  samples: Sample[]
  durationS: number
  probes: ProbeReport[]
  errorLines: string[][]
  streamEvents: number
  /** CPU used during the window by this database's PostgreSQL backends and by the load generator. */
  cpu: { postgresMs: number; generatorMs: number }
  context: string
  load: string
}

const P99_TARGET_MS = 200
const ok = (sample: Sample) =>
  typeof sample.status === 'number' && sample.status >= 200 && sample.status < 300
const fmt = (n: number) => Math.round(n).toLocaleString('pt-BR')

function table(header: string[], rows: string[][]) {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]!.length)),
  )
  const line = (values: string[]) => `| ${values.map((value, i) => value.padEnd(widths[i]!)).join(' | ')} |`
  console.log(line(header))
  console.log(line(widths.map((width) => '-'.repeat(width))))
  for (const row of rows) console.log(line(row))
}

export function printLoadReport(report: LoadReport) {
  const { samples, probes } = report
  const latencies = samples.map((sample) => sample.ms)
  const failed = samples.filter((sample) => !ok(sample))
  const byStatus = new Map<string, number>()
  for (const sample of failed)
    byStatus.set(String(sample.status), (byStatus.get(String(sample.status)) ?? 0) + 1)
  const logLines = report.errorLines.reduce((sum, lines) => sum + lines.length, 0)
  const p99 = percentile(latencies, 99)
  const nodesCpu = probes.reduce((sum, probe) => sum + probe.cpuMs, 0)
  const cores = (cpuMs: number) => (cpuMs / (report.durationS * 1000)).toFixed(2)

  console.log(`\n${report.context}; carga da máquina: ${report.load}\n`)
  const rows: Row[] = [
    {
      metric: 'requisições',
      value: fmt(samples.length),
      note: `${(samples.length / report.durationS).toFixed(0)}/s em ${report.durationS} s`,
    },
    {
      metric: 'erros',
      value: fmt(failed.length),
      target: '0',
      note: [...byStatus].map(([status, count]) => `${count} × ${status}`).join(', '),
    },
    { metric: 'p50', value: ms(percentile(latencies, 50)) },
    { metric: 'p90', value: ms(percentile(latencies, 90)) },
    { metric: 'p99', value: ms(p99), target: `≤ ${P99_TARGET_MS} ms` },
    { metric: 'máximo', value: ms(Math.max(...latencies)) },
    { metric: 'linhas de erro nos logs dos nós', value: fmt(logLines), target: '0' },
    { metric: 'eventos recebidos nos fluxos de notificação', value: fmt(report.streamEvents) },
    {
      metric: 'CPU por requisição',
      value: ms((nodesCpu + report.cpu.postgresMs) / samples.length),
      note:
        `nós ${ms(nodesCpu / samples.length)} + PostgreSQL ${ms(report.cpu.postgresMs / samples.length)}; ` +
        `${cores(nodesCpu)} + ${cores(report.cpu.postgresMs)} núcleos (gerador de carga ${cores(report.cpu.generatorMs)})`,
    },
  ]
  printTable(rows)

  console.log('\nPor rota (ordenado pelo p99):\n')
  const labels = [...new Set(samples.map((sample) => sample.label))]
  table(
    ['rota', 'n', 'p50', 'p99', 'máx', 'erros'],
    labels
      .map((label) => {
        const of = samples.filter((sample) => sample.label === label)
        const values = of.map((sample) => sample.ms)
        return {
          label,
          n: of.length,
          p50: percentile(values, 50),
          p99: percentile(values, 99),
          max: Math.max(...values),
          errors: of.filter((s) => !ok(s)).length,
        }
      })
      .sort((a, b) => b.p99 - a.p99)
      .map((row) => [row.label, fmt(row.n), ms(row.p50), ms(row.p99), ms(row.max), fmt(row.errors)]),
  )

  console.log('\nPor nó (laço de eventos e pool medidos dentro do processo):\n')
  table(
    [
      'nó',
      'req',
      'p50',
      'p99',
      'CPU',
      'laço p50/p99/máx',
      'travadas > 50 ms (CPU própria / à espera de núcleo)',
      'pool: espera p99/máx, fila máx',
      'log',
    ],
    probes.map((probe, index) => {
      const mine = samples.filter((sample) => sample.node === index).map((sample) => sample.ms)
      const own = probe.stalls.filter((stall) => stall.cpuMs >= stall.ms / 2).length
      const app = probe.pools.app
      return [
        String(index + 1),
        fmt(mine.length),
        ms(percentile(mine, 50)),
        ms(percentile(mine, 99)),
        `${((probe.cpuMs / probe.windowMs) * 100).toFixed(0)} %`,
        `${ms(probe.eventLoop.p50)} / ${ms(probe.eventLoop.p99)} / ${ms(probe.eventLoop.max)}`,
        `${probe.stalls.length} (${own} / ${probe.stalls.length - own}), soma ${ms(probe.stalls.reduce((sum, stall) => sum + stall.ms, 0))}`,
        app ? `${ms(app.waitP99)} / ${ms(app.waitMax)}, ${app.maxWaiting} (${fmt(app.over5ms)} > 5 ms)` : '—',
        fmt(report.errorLines[index]!.length),
      ]
    }),
  )

  // The tail: the requests at or above the p99, and whether their node's loop stalled while they waited.
  const tail = samples.filter((sample) => sample.ms >= p99)
  const overlapsStall = (sample: Sample) =>
    probes[sample.node]!.stalls.some(
      (stall) => stall.at - stall.ms <= sample.startedAt + sample.ms && stall.at >= sample.startedAt,
    )
  const stalled = tail.filter(overlapsStall)
  const tailByLabel = new Map<string, number>()
  for (const sample of tail) tailByLabel.set(sample.label, (tailByLabel.get(sample.label) ?? 0) + 1)
  console.log(
    `\nCauda (${fmt(tail.length)} requisições ≥ p99 ${ms(p99)}): ${fmt(stalled.length)} cruzaram uma travada do laço ` +
      `do seu nó; por rota: ${[...tailByLabel]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
        .map(([label, n]) => `${label} ${n}`)
        .join(', ')}`,
  )
  for (const [index, probe] of probes.entries()) {
    console.log(`\nNó ${index + 1}: comandos SQL mais lentos (máx) e que mais somaram tempo:`)
    for (const statement of probe.slowestStatements.slice(0, 5))
      console.log(
        `  máx ${ms(statement.max)} p99 ${ms(statement.p99)} n=${statement.count}  ${statement.text}`,
      )
    for (const statement of probe.busiestStatements.slice(0, 5))
      console.log(
        `  soma ${ms(statement.totalMs)} p50 ${ms(statement.p50)} n=${statement.count}  ${statement.text}`,
      )
    const worst = [...probe.stalls].sort((a, b) => b.ms - a.ms).slice(0, 5)
    if (worst.length)
      console.log(
        `  maiores travadas: ${worst.map((stall) => `${ms(stall.ms)} (CPU ${ms(stall.cpuMs)})`).join(', ')}`,
      )
  }
  const errors = report.errorLines.flat()
  if (errors.length) {
    console.log('\nLinhas de erro dos nós (até 10):')
    for (const line of errors.slice(0, 10)) console.log(`  ${line.slice(0, 400)}`)
  }
}
