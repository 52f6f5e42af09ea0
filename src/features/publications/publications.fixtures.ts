import { generateCnj } from '../../lib/br/cnj'
import { addDaysISO, todayISO } from '../../lib/br/dates'

// Fixtures of the replay server (publications.replay.ts), written from the documented shapes of the DJEN's
// Comunica API and DataJud's API Pública. Dates are relative to today (São Paulo) so a capture's window
// (the last 30 days on a first run) always holds them. Each OAB / process number below is one behaviour.

/** A lawyer whose 120 communications span 3 pages; page 2 comes back empty once (then is served). */
export const OAB_PAGED = { numero: '123456', uf: 'SP' } as const
/** The same lawyer as some courts store him: the plain number's suffixed form. */
export const OAB_PAGED_SUFFIXED = '123456A'
/** A lawyer whose first request answers 429 with Retry-After: 1. */
export const OAB_RATE_LIMITED = { numero: '222222', uf: 'RJ' } as const
/** A lawyer whose first three requests answer 500. */
export const OAB_SERVER_ERRORS = { numero: '333333', uf: 'MG' } as const
/** A lawyer whose page 2 is always empty although the count promises 60 items: the capture must FAIL. */
export const OAB_BROKEN_PAGES = { numero: '444444', uf: 'PR' } as const
/** The bench's lawyer: `bulkCount` generated items (default 10 000, 200 pages). */
export const OAB_BULK = { numero: '999999', uf: 'SP' } as const

export const PAGED_COUNT = 120
/** The DJEN id of the communication that comes back cancelled in a later window. */
export const CANCELLED_ID = 900_001
export const CANCELLATION_REASON = 'Publicação cancelada por erro material.'
/** The DJEN id of the communication with hostile HTML. */
export const HOSTILE_ID = 900_002
/** The DJEN id of a communication that gives "prazo de 15 (quinze) dias". */
export const PRAZO_ID = 900_003

/** A case number (TJSP) whose communications to OTHER lawyers are found by numeroProcesso. */
export const CASE_NUMBER = generateCnj({
  ano: 2024,
  segmento: 8,
  tribunal: 26,
  origem: 100,
  sequencial: 1234,
  formatted: false,
})
export const CASE_ONLY_ID = 900_010

// DataJud numbers.
/** Found in two graus (G1 and G2), with a movement repeated inside G1's hit. */
export const DATAJUD_TWO_GRAUS = CASE_NUMBER
/** A hit under secrecy (nivelSigilo 1): never shown. */
export const DATAJUD_SIGILOSO = generateCnj({
  ano: 2023,
  segmento: 8,
  tribunal: 19,
  origem: 1,
  sequencial: 77,
  formatted: false,
})
/** Answers 504 after a wait. */
export const DATAJUD_TIMEOUT = generateCnj({
  ano: 2022,
  segmento: 4,
  tribunal: 3,
  origem: 6100,
  sequencial: 555,
  formatted: false,
})
/** Not in the index: no hits. */
export const DATAJUD_UNKNOWN = generateCnj({
  ano: 2021,
  segmento: 5,
  tribunal: 2,
  origem: 1,
  sequencial: 9,
  formatted: false,
})
/** A STF number: DataJud does not index it ("tribunal não coberto"). */
export const DATAJUD_NOT_COVERED = generateCnj({
  ano: 2020,
  segmento: 1,
  tribunal: 0,
  origem: 0,
  sequencial: 1,
  formatted: false,
})
export const DATAJUD_REPLAY_KEY = 'replay-key'

export const HOSTILE_HTML =
  '<div class="fixed inset-0 z-50 bg-white" style="position:fixed" id="overlay">Intimação</div>' +
  '<script>document.title="pwned"</script><img src=x onerror="alert(1)">' +
  '<p onclick="steal()">Fica a parte <b>intimada</b> para <a href="javascript:alert(1)">aqui</a> e ' +
  '<a href="https://www.cnj.jus.br/" onclick="x()">CNJ</a>.</p><iframe src="https://evil.test"></iframe>'

export interface FixtureOab {
  numero: string
  uf: string
}

function masked(digits: string): string {
  return `${digits.slice(0, 7)}-${digits.slice(7, 9)}.${digits.slice(9, 13)}.${digits.slice(13, 14)}.${digits.slice(14, 16)}.${digits.slice(16)}`
}

function numberFor(id: number): string {
  return generateCnj({
    ano: 2024,
    segmento: 8,
    tribunal: 26,
    origem: 100 + (id % 50),
    sequencial: id % 9_999_999,
    formatted: false,
  })
}

export interface ItemSpec {
  id: number
  date: string
  oab?: FixtureOab & { suffix?: string }
  numeroProcesso?: string
  texto?: string
  ativo?: boolean
  motivo?: string | null
  sigla?: string
}

/** One DJEN communication as the API sends it. */
export function djenItem(spec: ItemSpec): Record<string, unknown> {
  const numero = spec.numeroProcesso ?? numberFor(spec.id)
  const advogados = spec.oab
    ? [
        {
          id: spec.id,
          comunicacao_id: spec.id,
          advogado_id: Number(spec.oab.numero),
          advogado: {
            id: Number(spec.oab.numero),
            nome: `Advogado ${spec.oab.numero}`,
            numero_oab: `${spec.oab.numero}${spec.oab.suffix ?? ''}`,
            uf_oab: spec.oab.uf,
          },
        },
      ]
    : [
        {
          id: spec.id,
          comunicacao_id: spec.id,
          advogado_id: 1,
          advogado: { id: 1, nome: 'Outra Advogada', numero_oab: '7777', uf_oab: 'SP' },
        },
      ]
  return {
    id: spec.id,
    data_disponibilizacao: spec.date,
    siglaTribunal: spec.sigla ?? 'TJSP',
    tipoComunicacao: 'Intimação',
    nomeOrgao: `${(spec.id % 40) + 1}ª Vara Cível do Foro Central`,
    texto:
      spec.texto ?? `Fica a parte intimada do despacho de fls. ${spec.id}. Comunicação número ${spec.id}.`,
    numero_processo: numero,
    meio: 'D',
    link: `https://esaj.tjsp.jus.br/cpopg/show.do?processo.numero=${numero}`,
    tipoDocumento: 'Despacho',
    nomeClasse: 'PROCEDIMENTO COMUM CÍVEL',
    codigoClasse: '7',
    numeroComunicacao: spec.id,
    ativo: spec.ativo ?? true,
    hash: `h${spec.id.toString(36)}x${(spec.id * 7919).toString(36)}`,
    status: 'P',
    motivo_cancelamento: spec.motivo ?? null,
    data_cancelamento: null,
    datadisponibilizacao: spec.date.split('-').reverse().join('/'),
    numeroprocessocommascara: masked(numero),
    destinatarios: [
      { nome: `Parte ${spec.id}`, polo: spec.id % 2 === 0 ? 'A' : 'P', comunicacao_id: spec.id },
    ],
    destinatarioadvogados: advogados,
  }
}

/**
 * The 120 communications of OAB_PAGED in the window, ordered as the DJEN serves them. `cancelled` turns the
 * CANCELLED_ID item into its later, cancelled form.
 */
export function pagedItems(cancelled: boolean, today: string = todayISO()): Record<string, unknown>[] {
  const items: Record<string, unknown>[] = []
  for (let n = 0; n < PAGED_COUNT; n++) {
    const id = 800_000 + n
    const date = addDaysISO(today, -(n % 20))
    // One in five is stored by the court with the suffixed registration: the same lawyer.
    const suffix = n % 5 === 0 ? OAB_PAGED_SUFFIXED.slice(OAB_PAGED.numero.length) : ''
    items.push(djenItem({ id, date, oab: { ...OAB_PAGED, suffix } }))
  }
  items[0] = djenItem({
    id: CANCELLED_ID,
    date: today,
    oab: OAB_PAGED,
    ...(cancelled ? { ativo: false, motivo: CANCELLATION_REASON } : {}),
  })
  items[1] = djenItem({ id: HOSTILE_ID, date: today, oab: OAB_PAGED, texto: HOSTILE_HTML })
  items[2] = djenItem({
    id: PRAZO_ID,
    date: addDaysISO(today, -1),
    oab: OAB_PAGED,
    numeroProcesso: CASE_NUMBER,
    texto: 'Manifeste-se a parte autora no prazo de 15 (quinze) dias sobre a contestação.',
  })
  return items
}

/** The items of a plain lawyer fixture (429 / 500 / broken pages): `count` simple communications. */
export function simpleItems(oab: FixtureOab, base: number, count: number, today: string = todayISO()) {
  return Array.from({ length: count }, (_, n) =>
    djenItem({ id: base + n, date: addDaysISO(today, -(n % 10)), oab }),
  )
}

/** Communications of CASE_NUMBER to another lawyer (found only by numeroProcesso). */
export function caseItems(today: string = todayISO()): Record<string, unknown>[] {
  return [
    djenItem({ id: CASE_ONLY_ID, date: today, numeroProcesso: CASE_NUMBER }),
    djenItem({
      id: PRAZO_ID,
      date: addDaysISO(today, -1),
      oab: OAB_PAGED,
      numeroProcesso: CASE_NUMBER,
      texto: 'Manifeste-se a parte autora no prazo de 15 (quinze) dias sobre a contestação.',
    }),
  ]
}

/** The bench's generated communication number `n` (0-based) of OAB_BULK. */
export function bulkItem(n: number, today: string = todayISO()): Record<string, unknown> {
  return djenItem({ id: 1_000_000 + n, date: addDaysISO(today, -(n % 28)), oab: OAB_BULK })
}

const movimento = (codigo: number, nome: string, dataHora: string, complemento?: string) => ({
  codigo,
  nome,
  dataHora,
  complementosTabelados: complemento
    ? [{ codigo: 1, valor: 1, nome: complemento, descricao: 'tipo_de_documento' }]
    : [],
})

/** DataJud's answer for a number, or a status to answer with. */
export function datajudHits(numeroProcesso: string): Record<string, unknown>[] {
  if (numeroProcesso === DATAJUD_TWO_GRAUS)
    return [
      {
        _index: 'api_publica_tjsp',
        _source: {
          numeroProcesso,
          grau: 'G1',
          nivelSigilo: 0,
          tribunal: 'TJSP',
          movimentos: [
            movimento(26, 'Distribuição', '2024-02-01T10:00:00.000Z'),
            movimento(11010, 'Mero expediente', '2024-03-05T14:30:00.000Z', 'Despacho'),
            // The same movement twice in one hit (DataJud repeats some): shown once.
            movimento(11010, 'Mero expediente', '2024-03-05T14:30:00.000Z', 'Despacho'),
            movimento(22, 'Baixa Definitiva', '2024-09-10T09:00:00.000Z'),
          ],
        },
      },
      {
        _index: 'api_publica_tjsp',
        _source: {
          numeroProcesso,
          grau: 'G2',
          nivelSigilo: 0,
          tribunal: 'TJSP',
          movimentos: [
            movimento(26, 'Distribuição', '2024-06-01T12:00:00.000Z'),
            movimento(848, 'Trânsito em julgado', '2024-08-20T18:00:00.000Z'),
          ],
        },
      },
    ]
  if (numeroProcesso === DATAJUD_SIGILOSO)
    return [
      {
        _source: {
          numeroProcesso,
          grau: 'G1',
          nivelSigilo: 1,
          movimentos: [movimento(26, 'Distribuição', '2023-01-01T10:00:00.000Z')],
        },
      },
    ]
  return []
}
