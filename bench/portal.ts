// Issue 26's number: the client portal's home at a large office. Run: `npm run bench -- portal
// [--db=postgres|pglite] [--clients=100000] [--cases=200000] [--runs=300] [--keep]`.
//
// One office with --clients clients and --cases cases (plus 50 000 events, 50 000 documents with a version each
// and 100 000 receivables spread over them), and one client with an ACTIVE portal access, 5 cases, shared
// documents, visible hearings, receivables (open and paid) and a 200-movement DataJud timeline per case.
// GET /api/portal/o/:officeId/home is timed in process through the real app (session, requirePortalClient,
// the reads, the visit's audit check, JSON), p50/p95/p99 over --runs requests one at a time. Target p99 ≤ 50 ms.
// The statements that touch the big tables are EXPLAINed.
import { performance } from 'node:perf_hooks'
import { eq, sql } from 'drizzle-orm'
import { runMigrations } from '../src/db/migrate.server'
import { createAccount } from '../src/features/auth/signup.service.server'
import { officeMembers } from '../src/features/offices/offices.table.server'
import { seedReferenceData } from '../src/features/reference/reference.seed.server'
import { loadEnv } from '../src/platform/env.server'
import { buildDeps } from '../src/server/build-deps.server'
import { createApp } from '../src/server/app.server'
import { flagValue, ms, percentile, printTable, type Row } from './lib/bench'
import { benchAccount, BENCH_PASSWORD, openBenchDatabase } from './lib/office-db'

export const description =
  'portal do cliente (issue 26): início do portal num escritório com 100 mil clientes e 200 mil processos, p50/p95/p99'

const TARGET_P99 = 50
const LAWYER = 'bench-portal-adv@jusconecta.test'
const CLIENT = 'bench-portal-cliente@jusconecta.test'

type RawClient = { query: (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> }

export async function run(flags: string[]): Promise<void> {
  const kind = (flagValue(flags, 'db') ?? 'postgres') as 'postgres' | 'pglite'
  const clientCount = Number(flagValue(flags, 'clients') ?? 100_000)
  const caseCount = Number(flagValue(flags, 'cases') ?? 200_000)
  const runs = Number(flagValue(flags, 'runs') ?? 300)
  const keep = flags.includes('--keep')
  const { handle, dataDir, drop, seeded, markSeeded } = await openBenchDatabase(kind, 'portal', {
    keep,
    seedKey: `${clientCount}/${caseCount}`,
  })
  try {
    await runMigrations(handle)
    const db = handle.db
    if (!seeded) {
      await seedReferenceData(db)
      const seedStarted = performance.now()
      const lawyer = await createAccount(db, benchAccount('advogado', LAWYER, 'Sócia do Portal'))
      const [member] = await db
        .select({ officeId: officeMembers.officeId })
        .from(officeMembers)
        .where(eq(officeMembers.userId, lawyer.userId))
      if (!member) throw new Error('office not created')
      await seedOffice(db, member.officeId, lawyer.userId, clientCount, caseCount)
      const client = await createAccount(db, benchAccount('estudante', CLIENT, 'Cliente do Portal'))
      await seedPortalClient(db, member.officeId, lawyer.userId, client.userId)
      for (const table of [
        'clients',
        'cases',
        'events',
        'documents',
        'document_versions',
        'financial_entries',
      ])
        await db.execute(sql.raw(`analyze ${table}`))
      await markSeeded()
      console.log(
        `  seed: ${((performance.now() - seedStarted) / 1000).toFixed(1)} s (${clientCount} clientes, ${caseCount} processos)`,
      )
    }
    const [access] = (
      await db.execute<{ office_id: string; client_id: string }>(
        sql`select office_id, client_id from portal_access where email = ${CLIENT} and status = 'ativo'`,
      )
    ).rows
    if (!access) throw new Error('portal access not seeded')

    const env = loadEnv({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://localhost:3999',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_API_MAX: '1000000',
    })
    const app = createApp(buildDeps(env, handle, 'bench-secret-bench-secret-bench-secret-01'))
    const signedIn = await app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3999' },
      body: JSON.stringify({ email: CLIENT, password: BENCH_PASSWORD }),
    })
    if (!signedIn.ok) throw new Error(`sign-in falhou: ${signedIn.status}`)
    const cookie = signedIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ')

    // The floor under the home on this machine: session, a one-row read and JSON.
    const floor: number[] = []
    for (let i = 0; i < runs + 20; i++) {
      const started = performance.now()
      const response = await app.request('/api/portal/accesses', { headers: { cookie } })
      await response.json()
      if (i >= 20) floor.push(performance.now() - started)
    }
    console.log(
      `  piso (GET /api/portal/accesses): p50 ${ms(percentile(floor, 50))} p99 ${ms(percentile(floor, 99))}`,
    )

    const url = `/api/portal/o/${access.office_id}/home`
    const latencies: number[] = []
    let shape = ''
    for (let i = 0; i < runs + 20; i++) {
      const started = performance.now()
      const response = await app.request(url, { headers: { cookie } })
      const body = (await response.json()) as Record<string, unknown[]>
      const elapsed = performance.now() - started
      if (response.status !== 200) throw new Error(`${url}: ${response.status} ${JSON.stringify(body)}`)
      if (i >= 20) latencies.push(elapsed)
      shape = ['cases', 'events', 'documents', 'charges', 'signatures']
        .map((key) => `${key} ${body[key]?.length ?? 0}`)
        .join(', ')
    }
    const p50 = percentile(latencies, 50)
    const p95 = percentile(latencies, 95)
    const p99 = percentile(latencies, 99)
    console.log(
      `  início do portal: p50 ${ms(p50)} p95 ${ms(p95)} p99 ${ms(p99)} (${latencies.length} req.; ${shape})`,
    )

    const raw = (db as unknown as { $client: RawClient }).$client
    const explain = async (title: string, text: string, params: unknown[]) => {
      const plan = await raw.query(`explain (analyze, costs off, timing off) ${text}`, params)
      console.log(`  plano — ${title}:`)
      for (const line of plan.rows) console.log(`    ${String(Object.values(line)[0])}`)
    }
    const params = [access.office_id, access.client_id]
    const caseIds = `array(select id from cases where office_id = $1 and client_id = $2 and deleted_at is null)`
    await explain(
      'processos do cliente',
      `select id from cases where office_id = $1 and client_id = $2 and deleted_at is null
       order by (status in ('aberto','andamento')) desc, updated_at desc limit 100`,
      params,
    )
    await explain(
      'próximos compromissos',
      `select id from events where office_id = $1 and visivel_cliente and deleted_at is null and status <> 'cancelado'
       and (client_id = $2 or case_id = any(${caseIds})) and inicio >= now() order by inicio limit 20`,
      params,
    )
    await explain(
      'documentos compartilhados',
      `select d.id from documents d join document_versions v on v.office_id = d.office_id and v.document_id = d.id
       and v.versao = d.versao where d.office_id = $1 and d.compartilhado_cliente and d.deleted_at is null
       and (d.client_id = $2 or d.case_id = any(${caseIds})) order by d.created_at desc, d.id desc limit 50`,
      params,
    )
    await explain(
      'cobranças',
      `select id from financial_entries where office_id = $1 and tipo = 'receita' and status in ('pendente','pago')
       and deleted_at is null and (client_id = $2 or case_id = any(${caseIds}))
       order by (status = 'pago'), case when status = 'pendente' then data_vencimento end, data_pagamento desc nulls last, id desc limit 50`,
      params,
    )
    printTable([
      {
        metric: `${kind} GET /api/portal/o/:officeId/home`,
        value: `p50 ${ms(p50)} / p95 ${ms(p95)} / p99 ${ms(p99)}`,
        target: `p99 ≤ ${TARGET_P99} ms`,
        note: `${p99 <= TARGET_P99 ? 'OK' : 'ACIMA'}; ${clientCount} clientes, ${caseCount} processos; ${latencies.length} req.`,
      },
    ] satisfies Row[])
  } finally {
    await handle.close()
    await drop()
  }
}

type Db = Parameters<typeof seedReferenceData>[0]

/** The office's bulk: clients, cases over them, and events/documents/receivables over the cases, set-based. */
async function seedOffice(db: Db, officeId: string, userId: string, clientCount: number, caseCount: number) {
  await db.execute(sql`
    insert into clients (office_id, created_by, nome_completo, email, created_at)
    select ${officeId}, ${userId}, 'Cliente ' || g, 'cliente' || g || '@exemplo.com.br', now() - make_interval(mins => g)
    from generate_series(1, ${clientCount}) g`)
  // Cases round-robin over the clients (by creation order), so most clients have two.
  await db.execute(sql`
    with numbered as (
      select id, row_number() over (order by created_at, id) as n from clients where office_id = ${officeId}
    )
    insert into cases (office_id, created_by, client_id, titulo, area_juridica, status, tribunal, created_at)
    select ${officeId}, ${userId}, c.id, 'Processo ' || g,
      (array['Civil','Trabalhista','Família','Consumidor'])[1 + g % 4],
      (array['aberto','andamento','concluido','arquivado'])[1 + g % 4], 'TJSP', now() - make_interval(mins => g)
    from generate_series(1, ${caseCount}) g
    join numbered c on c.n = 1 + (g % ${clientCount})`)
  const someCases = sql`(select id, row_number() over (order by id) as n from cases where office_id = ${officeId})`
  await db.execute(sql`
    insert into events (office_id, created_by, titulo, tipo, status, inicio, case_id, visivel_cliente)
    select ${officeId}, ${userId}, 'Audiência ' || g, (array['audiencia','prazo','reuniao'])[1 + g % 3], 'agendado',
      now() + make_interval(hours => g % 5000), k.id, g % 2 = 0
    from generate_series(1, 50000) g join ${someCases} k on k.n = g * 3`)
  await db.execute(sql`
    with docs as (
      insert into documents (office_id, created_by, case_id, nome, pasta, nivel_acesso, compartilhado_cliente)
      select ${officeId}, ${userId}, k.id, 'Documento ' || g || '.pdf', 'contratos', 'publico', g % 3 = 0
      from generate_series(1, 50000) g join ${someCases} k on k.n = g * 4
      returning id
    )
    insert into document_versions (office_id, document_id, versao, storage_key, size, sha256, tipo, mime_type,
      original_name)
    select ${officeId}, id, 1, 'bench/' || id, 1000, repeat('a', 64), 'PDF', 'application/pdf', 'documento.pdf'
    from docs`)
  await db.execute(sql`
    insert into financial_entries (office_id, tipo, categoria, descricao, valor, data_vencimento, status,
      data_pagamento, case_id, created_by)
    select ${officeId}, (array['receita','despesa'])[1 + g % 2], 'honorarios', 'Lançamento ' || g, 100 + g % 5000,
      date '2026-01-01' + g % 700, case when g % 3 = 0 then 'pago' else 'pendente' end,
      case when g % 3 = 0 then date '2026-01-01' + g % 300 end, k.id, ${userId}
    from generate_series(1, 100000) g join ${someCases} k on k.n = g`)
}

/** The measured client: 5 cases, with the rows the home shows, and an ACTIVE access. */
async function seedPortalClient(db: Db, officeId: string, lawyerId: string, clientUserId: string) {
  const [client] = (
    await db.execute<{ id: string }>(sql`
      insert into clients (office_id, created_by, nome_completo, email)
      values (${officeId}, ${lawyerId}, 'Cliente do Portal', ${CLIENT}) returning id`)
  ).rows
  if (!client) throw new Error('client not created')
  const caseRows = (
    await db.execute<{ id: string; numero: string }>(sql`
      insert into cases (office_id, created_by, client_id, titulo, area_juridica, status, tribunal, numero_processo)
      select ${officeId}, ${lawyerId}, ${client.id}, 'Processo do cliente ' || g, 'Civil', 'andamento', 'TJSP',
        lpad(g::text, 7, '0') || '00' || '2024' || '8' || '26' || '0100'
      from generate_series(1, 5) g
      returning id, numero_processo as numero`)
  ).rows
  for (const [i, kase] of caseRows.entries()) {
    await db.execute(sql`
      insert into events (office_id, created_by, titulo, tipo, status, inicio, case_id, visivel_cliente)
      select ${officeId}, ${lawyerId}, 'Audiência ' || g, 'audiencia', 'agendado',
        now() + make_interval(days => g * 7 + ${i}), ${kase.id}, g % 2 = 0
      from generate_series(1, 6) g`)
    await db.execute(sql`
      with docs as (
        insert into documents (office_id, created_by, case_id, client_id, nome, pasta, nivel_acesso,
          compartilhado_cliente)
        select ${officeId}, ${lawyerId}, ${kase.id}, ${client.id}, 'Peça ' || g || '.pdf', 'pecas_processuais',
          'publico', g % 2 = 0
        from generate_series(1, 8) g
        returning id
      )
      insert into document_versions (office_id, document_id, versao, storage_key, size, sha256, tipo, mime_type,
        original_name)
      select ${officeId}, id, 1, 'bench/' || id, 2000, repeat('b', 64), 'PDF', 'application/pdf', 'peca.pdf'
      from docs`)
    await db.execute(sql`
      insert into financial_entries (office_id, tipo, categoria, descricao, valor, data_vencimento, status,
        data_pagamento, case_id, client_id, created_by)
      select ${officeId}, 'receita', 'honorarios', 'Parcela ' || g, 500, date '2026-06-01' + g * 30,
        case when g <= 2 then 'pago' else 'pendente' end, case when g <= 2 then date '2026-06-01' + g * 30 end,
        ${kase.id}, ${client.id}, ${lawyerId}
      from generate_series(1, 6) g`)
    await db.execute(sql`
      insert into case_andamentos (office_id, case_id, numero_processo, alias, state, movimentos, graus)
      select ${officeId}, ${kase.id}, ${kase.numero}, 'tjsp', 'ok',
        jsonb_agg(jsonb_build_object('codigo', g, 'nome', 'Movimento ' || g, 'grau', 'G1', 'complementos', '[]'::jsonb,
          'dataHora', to_char(now() - make_interval(days => g), 'YYYY-MM-DD"T"HH24:MI:SS".000Z"')) order by g),
        '["G1"]'::jsonb
      from generate_series(1, 200) g`)
  }
  await db.execute(sql`
    insert into portal_access (office_id, client_id, user_id, email, status, accepted_at)
    values (${officeId}, ${client.id}, ${clientUserId}, ${CLIENT}, 'ativo', now())`)
}
