// Issue 12's LGPD numbers. Run: `npm run bench -- privacy [--size=100000] [--postgres]`.
//
// One office with `size` clients and 2×size cases (the CRM seeds), a member whose account holds `size` audit
// rows, size/10 notifications and size/10 sign-ins, and who created half of the office's clients and cases.
// Measured through the services the routes call:
// - export: "Baixar meus dados" for that member (time, JSON size, RSS growth: it is built in memory);
// - anonymise: one client (median of 20), and the search for the erased name afterwards;
// - delete a member: the office keeps everything; size/2 clients and size cases lose their author (SET NULL);
// - close an office: the last member's deletion cascades over its size clients and 2×size cases.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { eq, sql } from 'drizzle-orm'
import { openDatabase, type DbHandle } from '../src/db/client.server'
import { runMigrations } from '../src/db/migrate.server'
import { signUpSchema } from '../src/features/auth/auth.schema'
import { createAccount } from '../src/features/auth/signup.service.server'
import { seedCases } from '../src/features/cases/cases.seed.server'
import { seedClients } from '../src/features/clients/clients.seed.server'
import { listClients } from '../src/features/clients/clients.service.server'
import { officeMembers } from '../src/features/offices/offices.table.server'
import { anonymizeClient } from '../src/features/privacy/privacy.clients.server'
import { executeAccountDeletion } from '../src/features/privacy/privacy.deletion.server'
import { buildPersonalDataExport } from '../src/features/privacy/privacy.export.server'
import { seedReferenceData } from '../src/features/reference/reference.seed.server'
import { loadEnv } from '../src/platform/env.server'
import { buildDeps } from '../src/server/build-deps.server'
// The owners' parts of the erasures and the export (privacy's hooks), as the server registers them at start.
import '../src/server/feature-hooks.server'
// The shell's start-up wiring: clients' rows read their cases' counts and scopes through it.
import '../src/server/feature-hooks.server'
import { createMemoryMailer } from '../src/test/test-app'
import { flagValue, median, ms, printTable, type Row } from './lib/bench'
import { createThrowawayDatabase, postgresUrl } from './lib/database'

export const description =
  'LGPD (issue 12): exportação dos dados, anonimização de cliente e exclusão de conta num escritório de 100 mil clientes'

function account(email: string, userType: 'advogado' | 'estudante') {
  return signUpSchema.parse({
    userType,
    email,
    password: 'bench-senha-123',
    confirmPassword: 'bench-senha-123',
    nomeCompleto: userType === 'advogado' ? 'Sócia Benchmark' : 'Membro Benchmark',
    telefone: '(11) 98765-4321',
    estadoId: 35,
    cidadeId: 3550308,
    ...(userType === 'advogado'
      ? { oabNumero: '123456', oabEstado: 'SP' }
      : { universidade: 'USP', periodoCurso: 5 }),
  })
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now()
  const value = await work()
  return { ms: performance.now() - start, value }
}

export async function run(flags: string[]): Promise<void> {
  const size = Number(flagValue(flags, 'size') ?? 100_000)
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jc-bench-privacy-'))
  let handle: DbHandle
  let drop = async () => {}
  const serverUrl = flags.includes('--postgres') ? await postgresUrl() : undefined
  if (serverUrl) {
    const database = await createThrowawayDatabase(serverUrl, 'jc_bench_privacy')
    handle = await openDatabase({ databaseUrl: database.url })
    drop = database.drop
  } else handle = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') })
  try {
    await runMigrations(handle)
    await seedReferenceData(handle.db)
    const env = loadEnv({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://localhost:3000',
      LOG_LEVEL: 'silent',
    })
    const deps = buildDeps(env, handle, 'bench-secret-bench-secret-bench-secret-0123', createMemoryMailer())
    const db = handle.db

    const socio = await createAccount(db, account('socia@bench.test', 'advogado'))
    const member = await createAccount(db, account('membro@bench.test', 'estudante'))
    const [office] = await db
      .select({ id: officeMembers.officeId })
      .from(officeMembers)
      .where(eq(officeMembers.userId, socio.userId))
    if (!office) throw new Error('office not created')
    await db
      .insert(officeMembers)
      .values({ officeId: office.id, userId: member.userId, nivelAcesso: 'associado' })

    console.log(`  semeando ${size} clientes e ${2 * size} casos…`)
    const clientIds = await seedClients(db, { officeId: office.id, createdBy: socio.userId, count: size })
    await seedCases(db, { officeId: office.id, createdBy: socio.userId, count: 2 * size, clientIds })
    // Half the office's records are the member's, and so is a long trail.
    await db.execute(sql`update clients set created_by = ${member.userId} where random() < 0.5`)
    await db.execute(sql`update cases set created_by = ${member.userId} where random() < 0.5`)
    await db.execute(sql`insert into audit_log (office_id, actor_user_id, action, entity, entity_id, details, ip)
      select ${office.id}, ${member.userId}, 'client.read', 'client', gen_random_uuid()::text,
             jsonb_build_object('search', 'silva'), '10.0.0.1'
        from generate_series(1, ${size})`)
    await db.execute(sql`insert into notifications (user_id, title, message, type)
      select ${member.userId}, 'Prazo amanhã', 'Contestação no processo ' || g, 'warning'
        from generate_series(1, ${Math.ceil(size / 10)}) g`)
    await db.execute(sql`insert into sign_in_events (user_id, ip, user_agent, method)
      select ${member.userId}, '10.0.0.1', 'Mozilla/5.0 (bench)', 'password'
        from generate_series(1, ${Math.ceil(size / 10)})`)

    global.gc?.()
    const rssBefore = process.memoryUsage().rss
    const exported = await timed(async () =>
      JSON.stringify(await buildPersonalDataExport(db, member.userId), null, 2),
    )
    const rssGrowth = process.memoryUsage().rss - rssBefore

    const anonymizeTimes: number[] = []
    for (const id of clientIds.slice(0, 20)) {
      anonymizeTimes.push((await timed(() => db.transaction((tx) => anonymizeClient(tx, office.id, id)))).ms)
    }
    const search = await timed(() =>
      listClients(
        db,
        { officeId: office.id, restrictTo: null },
        { search: 'anonimizado', status: 'todos', limit: 50, offset: 0 },
      ),
    )

    const memberDeletion = await timed(() => executeAccountDeletion(deps, member.userId))
    const officeClosure = await timed(() => executeAccountDeletion(deps, socio.userId))

    const rows: Row[] = [
      {
        metric: 'Exportação (JSON)',
        value: ms(exported.ms),
        note: `${size} linhas de auditoria, ${Math.ceil(size / 5)} outras`,
      },
      { metric: 'Tamanho do JSON', value: `${(exported.value.length / 1_000_000).toFixed(1)} MB` },
      {
        metric: 'RSS durante a exportação',
        value: `+${(rssGrowth / 1_000_000).toFixed(0)} MB`,
        note: 'montada em memória',
      },
      { metric: 'Anonimizar um cliente (mediana de 20)', value: ms(median(anonymizeTimes)) },
      {
        metric: "Busca 'anonimizado' depois",
        value: ms(search.ms),
        note: `${search.value.total} encontrados`,
      },
      {
        metric: 'Excluir conta de membro (escritório fica)',
        value: ms(memberDeletion.ms),
        note: `${memberDeletion.value.status}; ~${size / 2} clientes e ~${size} casos perdem o autor`,
      },
      {
        metric: 'Excluir a última conta (encerra o escritório)',
        value: ms(officeClosure.ms),
        note: `${officeClosure.value.status}; ${size} clientes e ${2 * size} casos apagados`,
      },
    ]
    console.log(`\n  banco: ${handle.kind}\n`)
    printTable(rows)
  } finally {
    await handle.close()
    await drop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}
