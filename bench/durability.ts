// npm run bench -- durability [--kills=3] [--writers=4] [--up=4-12] [--dist=<build dir>]
//
// Issue 24, "kill -9 during writes": on PostgreSQL, the real server (src/server/index.server.ts through tsx, or
// a build's dist/server/index.js with --dist) answers a writer that creates records at full speed over a few
// concurrent connections — clients (POST /api/clients, valid CPFs) and agenda events (POST /api/agenda/events),
// each with its audit row in the same transaction. At random moments (after 4–12 s up, --up) the server is
// killed with SIGKILL and started again at once on the same database, port and DATA_DIR (its lock is stale);
// the writer keeps going with the same session. At the end every acknowledged record (201 with its id) must
// be in the database with its audit row, and every request cut off in flight must have left all of its
// transaction or none of it. Prints acknowledged / lost / failed in flight and each restart's time.
// Goal: 0 lost. Loopback only; ~60–90 s. Needs PostgreSQL (BENCH_DATABASE_URL / TEST_DATABASE_URL or
// 127.0.0.1:5432).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { generateCpf } from '../src/lib/br/cpf'
import { flagValue, printTable, seconds, type Row } from './lib/bench'
import { createThrowawayDatabase, postgresUrl, reachable } from './lib/database'
import { freePort } from './lib/server'
import { cookieOf, loadAverage, startNode, type ServerNode } from './lib/server-node'

export const description =
  'kill -9 durante escritas (issue 24): 3 × SIGKILL do servidor no PostgreSQL, nenhum registro confirmado perdido'

type Kind = 'client' | 'event'

interface Acknowledged {
  kind: Kind
  id: string
}

/** A request whose answer never arrived: the record may or may not exist (it must be whole if it does). */
interface InFlight {
  kind: Kind
  /** The CPF (clients) or title (events) it was sent with. */
  key: string
  cause: string
}

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds))
const fmt = (n: number) => n.toLocaleString('pt-BR')

function range(flag: string | undefined, fallback: [number, number]): [number, number] {
  const match = flag ? /^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)$/.exec(flag) : null
  return match ? [Number(match[1]), Number(match[2])] : fallback
}

export async function run(flags: string[]): Promise<void> {
  const kills = Number(flagValue(flags, 'kills') ?? 3)
  const writers = Math.max(2, Number(flagValue(flags, 'writers') ?? 4))
  const [minUp, maxUp] = range(flagValue(flags, 'up'), [4, 12])
  const distDir = flagValue(flags, 'dist')
  const serverUrl = await postgresUrl()
  if (!serverUrl || !(await reachable(serverUrl))) {
    console.log('PostgreSQL indisponível: este benchmark precisa de um servidor PostgreSQL.')
    return
  }
  console.log(`carga da máquina no início: ${loadAverage()}`)
  const started = performance.now()
  const database = await createThrowawayDatabase(serverUrl, 'jc_bench_durability')
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jc-bench-durability-'))
  const port = await freePort()
  const nodeOptions = {
    port,
    databaseUrl: database.url,
    dataDir,
    distDir,
    // One user writes as fast as it can: the per-user limit would answer 429s, which are not what is measured.
    env: { RATE_LIMIT_API_MAX: '1000000000' },
  }
  let node: ServerNode | undefined
  const errorLines: string[] = []
  const check = new pg.Client({ connectionString: database.url })
  try {
    node = await startNode(nodeOptions)
    console.log(`servidor pronto em ${seconds(node.startMs)} (migrações incluídas)`)
    const base = node.base
    const signUp = await fetch(`${base}/api/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({
        userType: 'advogado',
        email: 'bench-durabilidade@jusconecta.test',
        password: 'bench-senha-123',
        confirmPassword: 'bench-senha-123',
        nomeCompleto: 'Advogada Durabilidade',
        telefone: '(11) 98765-4321',
        estadoId: 35,
        cidadeId: 3550308,
        oabNumero: '123456',
        oabEstado: 'SP',
      }),
    })
    if (signUp.status !== 201) throw new Error(`cadastro falhou: ${signUp.status} ${await signUp.text()}`)
    const cookie = cookieOf(signUp)

    const acknowledged: Acknowledged[] = []
    const inFlight: InFlight[] = []
    const refusedByStatus = new Map<number, number>()
    let notListening = 0
    let sequence = 0
    let writing = true

    const send = async (kind: Kind): Promise<void> => {
      const n = ++sequence
      const key = kind === 'client' ? generateCpf() : `Evento Durabilidade ${n}`
      const [route, body] =
        kind === 'client'
          ? [
              '/api/clients',
              { nomeCompleto: `Cliente Durabilidade ${n}`, tipoPessoa: 'fisica', documento: key },
            ]
          : ['/api/agenda/events', { titulo: key, tipo: 'reuniao', data: '2027-03-10', hora: '10:00' }]
      let response: Response
      try {
        response = await fetch(`${base}${route}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: base, cookie },
          body: JSON.stringify(body),
        })
      } catch (error) {
        const code = String((error as { cause?: { code?: unknown } }).cause?.code ?? 'erro')
        // Nothing was sent: the server is down (between the kill and the restart's listen).
        if (code === 'ECONNREFUSED') {
          notListening++
          await sleep(10)
        } else inFlight.push({ kind, key, cause: code })
        return
      }
      if (response.status !== 201) {
        // 503 while the restarted server migrates and starts its jobs: refused, nothing written.
        refusedByStatus.set(response.status, (refusedByStatus.get(response.status) ?? 0) + 1)
        await response.arrayBuffer().catch(() => undefined)
        if (response.status === 503) await sleep(10)
        return
      }
      try {
        const created = (await response.json()) as { id: string }
        acknowledged.push({ kind, id: created.id })
      } catch (error) {
        // The answer was cut during its body: committed, but the id never reached the writer.
        inFlight.push({ kind, key, cause: `corpo: ${(error as Error).name}` })
      }
    }
    // Three of four connections write clients, the last one agenda events.
    const loops = Array.from({ length: writers }, async (_, index) => {
      const kind: Kind = index === writers - 1 ? 'event' : 'client'
      while (writing) await send(kind)
    })

    const restarts: { upSeconds: number; acknowledgedBefore: number; restartMs: number }[] = []
    for (let kill = 1; kill <= kills; kill++) {
      const up = minUp + Math.random() * (maxUp - minUp)
      await sleep(up * 1000)
      const acknowledgedBefore = acknowledged.length
      node.child.kill('SIGKILL')
      await node.exited
      errorLines.push(...node.errorLines())
      node = await startNode(nodeOptions)
      restarts.push({ upSeconds: up, acknowledgedBefore, restartMs: node.startMs })
      console.log(
        `  SIGKILL ${kill} após ${up.toFixed(1)} s (${fmt(acknowledgedBefore)} confirmados até então); ` +
          `de volta em ${seconds(node.startMs)}`,
      )
    }
    await sleep(minUp * 1000)
    writing = false
    await Promise.all(loops)

    // The verdict, straight from the database.
    await check.connect()
    const ids = (kind: Kind) => acknowledged.filter((row) => row.kind === kind).map((row) => row.id)
    const present = async (table: string, list: string[]) =>
      list.length === 0
        ? 0
        : Number(
            (await check.query(`select count(*) from ${table} where id = any($1::uuid[])`, [list])).rows[0]
              .count,
          )
    const audited = async (action: string, list: string[]) =>
      list.length === 0
        ? 0
        : Number(
            (
              await check.query(
                'select count(distinct entity_id) from audit_log where action = $1 and entity_id = any($2::text[])',
                [action, list],
              )
            ).rows[0].count,
          )
    const clientIds = ids('client')
    const eventIds = ids('event')
    const lostClients = clientIds.length - (await present('clients', clientIds))
    const lostEvents = eventIds.length - (await present('events', eventIds))
    const unauditedAcknowledged =
      clientIds.length -
      (await audited('client.create', clientIds)) +
      eventIds.length -
      (await audited('event.create', eventIds))

    // A request cut off in flight either committed whole (row and audit) or not at all.
    let inFlightCommitted = 0
    let inFlightPartial = 0
    for (const request of inFlight) {
      const { rows } =
        request.kind === 'client'
          ? await check.query<{ id: string }>('select id::text from clients where documento = $1', [
              request.key,
            ])
          : await check.query<{ id: string }>('select id::text from events where titulo = $1', [request.key])
      if (rows.length === 0) continue
      inFlightCommitted++
      const action = request.kind === 'client' ? 'client.create' : 'event.create'
      if (
        (await audited(
          action,
          rows.map((row) => row.id),
        )) !== rows.length
      )
        inFlightPartial++
    }
    errorLines.push(...node.errorLines())
    await node.stop()
    node = undefined

    const refused = [...refusedByStatus].map(([status, count]) => `${fmt(count)} × ${status}`).join(', ')
    const causes = new Map<string, number>()
    for (const request of inFlight) causes.set(request.cause, (causes.get(request.cause) ?? 0) + 1)
    const restartTimes = restarts.map((restart) => restart.restartMs)
    const rows: Row[] = [
      {
        metric: 'registros confirmados (201)',
        value: fmt(acknowledged.length),
        note: `${fmt(clientIds.length)} clientes, ${fmt(eventIds.length)} eventos, ${writers} conexões`,
      },
      {
        metric: 'confirmados perdidos',
        value: fmt(lostClients + lostEvents),
        target: '0',
        note: `${fmt(lostClients)} clientes, ${fmt(lostEvents)} eventos`,
      },
      { metric: 'confirmados sem auditoria', value: fmt(unauditedAcknowledged), target: '0' },
      {
        metric: 'cortados em voo (sem resposta)',
        value: fmt(inFlight.length),
        note:
          `${fmt(inFlightCommitted)} gravados inteiros, ${fmt(inFlight.length - inFlightCommitted)} não gravados` +
          (causes.size ? `; ${[...causes].map(([cause, count]) => `${count} × ${cause}`).join(', ')}` : ''),
      },
      { metric: 'cortados em voo gravados pela metade', value: fmt(inFlightPartial), target: '0' },
      {
        metric: 'recusados sem gravar',
        value: fmt(notListening + [...refusedByStatus.values()].reduce((a, b) => a + b, 0)),
        note: `${fmt(notListening)} × porta fechada${refused ? `, ${refused}` : ''}`,
      },
      {
        metric: 'SIGKILL',
        value: String(restarts.length),
        note: restarts.map((restart) => `após ${restart.upSeconds.toFixed(1)} s`).join(', '),
      },
      {
        metric: 'reinício (spawn → /api/health 200)',
        value: restartTimes.map((time) => seconds(time)).join(' / '),
        note: distDir ? `build ${distDir}` : 'fontes via tsx',
      },
      { metric: 'linhas de erro no log do servidor', value: fmt(errorLines.length) },
      {
        metric: 'duração total',
        value: seconds(performance.now() - started),
        note: `carga ${loadAverage()}`,
      },
    ]
    console.log('')
    printTable(rows)
    if (errorLines.length > 0) {
      console.log('\nLinhas de erro do servidor (até 10):')
      for (const line of errorLines.slice(0, 10)) console.log(`  ${line}`)
    }
    if (lostClients + lostEvents + unauditedAcknowledged + inFlightPartial > 0) process.exitCode = 1
  } finally {
    await check.end().catch(() => {})
    await node?.stop().catch(() => {})
    await database.drop().catch((error: unknown) => console.error('falha ao remover o banco', error))
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}
