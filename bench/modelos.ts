// npm run bench -- modelos [--db=pglite|postgres] [--runs=50] [--concurrent=20]
//
// Issue 25 (Modelos de documentos): 'Gerar documento' for a 5-page contrato de honorários, timed in process
// through the real app (session, requireOffice, validation, the records' reads, the merge, PDF + DOCX rendering,
// both files stored, two document rows and the audit row in one transaction):
//   1. p50/p99 over --runs generations one at a time (after 3 warm-ups);
//   2. --concurrent generations at once: wall time and the process's RSS growth (peak − start, sampled every
//      10 ms, and what remains after).
import { performance } from 'node:perf_hooks'
import { eq } from 'drizzle-orm'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import type { DbKind } from '../src/db/client.server'
import { runMigrations } from '../src/db/migrate.server'
import { createAccount } from '../src/features/auth/signup.service.server'
import { officeMembers } from '../src/features/offices/offices.table.server'
import { seedReferenceData } from '../src/features/reference/reference.seed.server'
import { loadEnv } from '../src/platform/env.server'
import { createApp } from '../src/server/app.server'
import { buildDeps } from '../src/server/build-deps.server'
import { flagValue, MB, ms, percentile, printTable, type Row } from './lib/bench'
import { BENCH_PASSWORD, benchAccount, openBenchDatabase } from './lib/office-db'

export const description =
  'Modelos: gerar um contrato de 5 páginas (PDF + DOCX) — p50/p99 e o RSS de 20 gerações simultâneas'

const EMAIL = 'bench-modelos@jusconecta.test'
const PUBLIC_URL = 'http://localhost:3999'

/** Clauses of three paragraphs each: six fill five A4 pages (the bench prints the count it got). */
const CLAUSES = 6

/** A contrato de honorários long enough for five A4 pages. */
function contractHtml(): string {
  const clause = (n: number) =>
    `<h2>CLÁUSULA ${n}ª</h2>` +
    [1, 2, 3]
      .map(
        (p) =>
          `<p style="text-align: justify">${n}.${p}. O CONTRATADO, {advogado.nome}, inscrito na {advogado.oab}, ` +
          `obriga-se a prestar ao CONTRATANTE, {cliente.nome}, {cliente.nacionalidade}, {cliente.estado_civil}, ` +
          `{cliente.profissao}, inscrito no CPF sob o nº {cliente.cpf_cnpj}, residente em {cliente.endereco}, os ` +
          `serviços profissionais de advocacia no processo nº {caso.numero_cnj}, em trâmite perante a {caso.vara} ` +
          `do {caso.tribunal}, cujo valor da causa é de {caso.valor_causa} ({caso.valor_causa_extenso}), com zelo, ` +
          `diligência e observância do Código de Ética e Disciplina da OAB, mediante os honorários de ` +
          `{honorarios.valor} ({honorarios.valor_extenso}), pagos em {honorarios.parcelas} parcelas.</p>`,
      )
      .join('')
  return (
    '<h1 style="text-align: center">CONTRATO DE PRESTAÇÃO DE SERVIÇOS ADVOCATÍCIOS</h1>' +
    Array.from({ length: CLAUSES }, (_, i) => clause(i + 1)).join('') +
    '<p style="text-align: right">{data.local_extenso}</p>' +
    '<p style="text-align: center"><strong>{cliente.nome}</strong><br>CONTRATANTE</p>' +
    '<p style="text-align: center"><strong>{advogado.nome}</strong><br>CONTRATADO</p>'
  )
}

async function pageCount(bytes: ArrayBuffer): Promise<number> {
  // pdf.js takes ownership of the buffer it is given: hand it a copy.
  const task = getDocument({ data: new Uint8Array(bytes.slice(0)), verbosity: 0 })
  const pdf = await task.promise
  const pages = pdf.numPages
  await task.destroy()
  return pages
}

export async function run(flags: string[]): Promise<void> {
  const kind = (flagValue(flags, 'db') ?? 'pglite') as DbKind
  const runs = Number(flagValue(flags, 'runs') ?? 50)
  const concurrent = Number(flagValue(flags, 'concurrent') ?? 20)
  const { handle, dataDir, drop } = await openBenchDatabase(kind, 'modelos')
  try {
    await runMigrations(handle)
    await seedReferenceData(handle.db)
    const account = await createAccount(handle.db, benchAccount('advogado', EMAIL, 'Ana Advogada'))
    const [member] = await handle.db
      .select({ officeId: officeMembers.officeId })
      .from(officeMembers)
      .where(eq(officeMembers.userId, account.userId))
    if (!member) throw new Error('office not created')

    const env = loadEnv({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PUBLIC_URL,
      LOG_LEVEL: 'silent',
      RATE_LIMIT_API_MAX: '1000000',
      RATE_LIMIT_UPLOAD_MAX: '1000000',
    })
    const app = createApp(buildDeps(env, handle, 'bench-secret-bench-secret-bench-secret-01'))
    const signedIn = await app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: PUBLIC_URL },
      body: JSON.stringify({ email: EMAIL, password: BENCH_PASSWORD }),
    })
    if (!signedIn.ok) throw new Error(`sign-in falhou: ${signedIn.status}`)
    const cookie = signedIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ')
    const post = async (path: string, body: unknown) => {
      const response = await app.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: PUBLIC_URL, cookie },
        body: JSON.stringify(body),
      })
      if (response.status !== 201) throw new Error(`${path}: ${response.status} ${await response.text()}`)
      return (await response.json()) as Record<string, string>
    }

    const client = await post('/api/clients', {
      nomeCompleto: 'Maria Aparecida da Silva',
      tipoPessoa: 'fisica',
      documento: '529.982.247-25',
      nacionalidade: 'brasileira',
      estadoCivil: 'casado',
      profissao: 'professora',
      email: 'maria@example.com',
      endereco: 'Rua das Flores, 123, apto 45',
      cep: '01310-100',
      estadoId: 35,
      cidadeId: 3550308,
    })
    const kase = await post('/api/cases', {
      titulo: 'Ação de cobrança',
      areaJuridica: 'Civil',
      clientId: client.id,
      numeroProcesso: '0001234-71.2024.8.26.0100',
      tribunal: 'TJSP',
      vara: '1ª Vara Cível',
      valorCausa: '158350.75',
    })
    const template = await post('/api/templates', {
      name: 'Contrato de Prestação de Serviços Advocatícios',
      kind: 'contrato',
      html: contractHtml(),
    })
    const body = {
      clientId: client.id,
      caseId: kase.id,
      nivelAcesso: 'restrito',
      honorarios: { tipo: 'parcelado', valor: '15000.00', parcelas: 10 },
    }
    const generate = () => post(`/api/templates/${template.id}/generate`, body)

    const first = await generate()
    const pdf = await app.request(`/api/documents/${first.pdfDocumentId}/file`, { headers: { cookie } })
    const docx = await app.request(`/api/documents/${first.docxDocumentId}/file`, { headers: { cookie } })
    const pdfBytes = await pdf.arrayBuffer()
    const docxBytes = await docx.arrayBuffer()
    const pages = await pageCount(pdfBytes)
    console.log(
      `  documento: ${pages} páginas; PDF ${(pdfBytes.byteLength / 1000).toFixed(0)} kB, DOCX ${(docxBytes.byteLength / 1000).toFixed(0)} kB`,
    )
    for (let i = 0; i < 2; i++) await generate()

    const latencies: number[] = []
    for (let i = 0; i < runs; i++) {
      const started = performance.now()
      await generate()
      latencies.push(performance.now() - started)
    }
    const p50 = percentile(latencies, 50)
    const p99 = percentile(latencies, 99)
    console.log(`  ${runs} gerações em sequência: p50 ${ms(p50)} p99 ${ms(p99)}`)

    global.gc?.()
    const start = process.memoryUsage().rss
    let peak = start
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss)
    }, 10)
    const wallStarted = performance.now()
    await Promise.all(Array.from({ length: concurrent }, () => generate()))
    const wall = performance.now() - wallStarted
    clearInterval(sampler)
    peak = Math.max(peak, process.memoryUsage().rss)
    global.gc?.()
    const after = process.memoryUsage().rss
    console.log(
      `  ${concurrent} simultâneas: ${ms(wall)} no total; RSS ${MB(start)} → pico ${MB(peak)} (+${MB(peak - start)}), depois ${MB(after)}`,
    )

    const rows: Row[] = [
      {
        metric: `${kind} documento gerado`,
        value: `${pages} páginas (PDF + DOCX)`,
        target: '5 páginas',
        note: '',
      },
      {
        metric: `${kind} gerar (PDF + DOCX), ${runs}×`,
        value: `p50 ${ms(p50)} / p99 ${ms(p99)}`,
        target: '—',
        note: '',
      },
      {
        metric: `${kind} ${concurrent} gerações simultâneas`,
        value: `${ms(wall)}; RSS +${MB(peak - start)} no pico, +${MB(Math.max(0, after - start))} depois`,
        target: '—',
        note: '',
      },
    ]
    printTable(rows)
  } finally {
    await handle.close()
    await drop()
  }
}
