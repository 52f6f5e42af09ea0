import { z } from 'zod'
import '../../lib/zod-pt-br'
import { isValidOabNumber } from '../../lib/br/oab'
import { UFS } from '../../lib/br/uf'
import { calendarDate, searchParam } from '../../lib/zod-fields'

// Contract of /api/publications (issue 27: Publicações e Intimações), shared by the inbox screens and the
// server routes. No server imports here: the browser bundles this file. Dates 'YYYY-MM-DD' are the DJEN's
// (America/Sao_Paulo calendar days); instants are ISO strings.
//
// Routes (all under /api/publications, office-scoped, capability 'publications'):
//   GET    /                         list (publicationListQuery → PublicationList), keyset pagination
//   GET    /stats                    the four cards (PublicationStats)
//   GET    /count                    dashboard counter 'Publicações não tratadas' (PublicationCount)
//   GET    /filters                  options of the tribunal/OAB filters (PublicationFilters)
//   GET    /:id                      one item (PublicationItem)
//   POST   /:id/status               'Marcar como tratada' / reopen (publicationStatusInput → PublicationItem)
//   PUT    /:id/case                 'Vincular a um caso' (publicationCaseInput → PublicationItem)
//   GET    /:id/prazo-prefill        'Criar prazo' dialog prefill (PrazoPrefill)
//   POST   /:id/prazo                record the prazo created from it (publicationPrazoInput → PublicationItem)
//   GET    /:id/case-prefill         'Criar caso' prefill (CasePrefill)
//   GET    /:id/certidao             'Ver certidão' (the DJEN's PDF, streamed; open in a new tab)
//   GET    /capture                  capture state: last run, running progress, next retry (CaptureStatus)
//   POST   /capture                  'Buscar agora' → 202 CaptureRun; 409 PUBLICATIONS_MESSAGES.captureRunning
//   GET    /oabs                     'OABs monitoradas' (MonitoredOab[])
//   POST   /oabs                     add one (sócio) (oabInput → MonitoredOab)
//   DELETE /oabs/:id                 remove a manual one (sócio) → 204
//   GET    /andamentos/:caseId       the case's DataJud timeline as last fetched (Andamentos)
//   POST   /andamentos/:caseId       'Atualizar andamentos' (user-initiated fetch) → Andamentos

/** Item status (the inbox's 'Status' filter). */
export const PUBLICATION_STATUSES = ['nao_tratada', 'tratada', 'cancelada'] as const
export type PublicationStatus = (typeof PUBLICATION_STATUSES)[number]
export const PUBLICATION_STATUS_LABELS: Readonly<Record<PublicationStatus, string>> = {
  nao_tratada: 'Não tratada',
  tratada: 'Tratada',
  cancelada: 'Cancelada',
}

/** Where a monitored OAB comes from: a member's own profile (automatic) or added by a sócio. */
export const OAB_ORIGINS = ['perfil', 'manual'] as const
export type OabOrigin = (typeof OAB_ORIGINS)[number]

export const CAPTURE_RUN_STATUSES = ['running', 'finished', 'failed'] as const
export type CaptureRunStatus = (typeof CAPTURE_RUN_STATUSES)[number]

/** pt-BR texts the server sends (toasts show them as they are) and the screens reuse. */
export const PUBLICATIONS_MESSAGES = {
  notFound: 'Publicação não encontrada.',
  invalidStatus: 'Status inválido.',
  invalidCursor: 'Página inválida.',
  invalidTribunal: 'Tribunal inválido.',
  invalidOab: 'OAB inválida.',
  invalidCase: 'Caso inválido.',
  invalidEvent: 'Prazo inválido.',
  invalidFrom: 'Início do período inválido.',
  invalidTo: 'Fim do período inválido.',
  rangeOrder: 'O fim do período deve ser igual ou posterior ao início.',
  oabNumberInvalid: 'Número da OAB inválido.',
  oabUfInvalid: 'UF da OAB inválida.',
  oabExists: 'Esta OAB já é monitorada.',
  oabNotFound: 'OAB não encontrada.',
  oabFromProfile: 'Esta OAB vem do perfil de um advogado do escritório e não pode ser removida aqui.',
  oabForbidden: 'Somente sócios podem alterar as OABs monitoradas.',
  caseNotFound: 'Caso não encontrado.',
  caseNoNumber: 'O caso não tem número de processo.',
  eventNotFound: 'Prazo não encontrado.',
  captureRunning: 'Já existe uma busca em andamento para este escritório. Aguarde o fim dela.',
  captureDisabled: 'A captura de publicações está desativada na plataforma.',
  certidaoUnavailable: 'Certidão indisponível no momento, tente mais tarde.',
  cancelledNoPrazo: 'Publicação cancelada: não é possível criar prazo.',
  cancelledLocked: 'Publicação cancelada pelo tribunal: o status não pode ser alterado.',
  datajudNotFound: 'processo não encontrado no DataJud',
  datajudNotCovered: 'tribunal não coberto',
  datajudUnavailable: 'DataJud indisponível, tente mais tarde',
  datajudDisabled: 'A consulta ao DataJud está desativada na plataforma.',
} as const

/** Credit line the 'Andamentos' tab shows (DataJud terms of use). */
export const DATAJUD_CREDIT = 'Fonte: DataJud/CNJ'

const optionalFilter = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === 'todos' || v === null ? undefined : v), schema.optional())

const dateFilter = (message: string) => optionalFilter(calendarDate(message))

/** Court acronym as the DJEN writes it ('TJSP', 'TRF3', 'TRT2', 'TRE-SP', 'STJ'). */
export const tribunalSigla = z
  .string({ error: PUBLICATIONS_MESSAGES.invalidTribunal })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z][A-Z0-9-]{1,19}$/, PUBLICATIONS_MESSAGES.invalidTribunal)

/**
 * GET /api/publications — newest first (data de disponibilização, then DJEN id), `limit` per page.
 * `cursor` is the opaque `nextCursor` of the previous page. `from`/`to` bound the disponibilização
 * (inclusive). `q` searches the text, the process number and the órgão (accents and case ignored).
 */
export const publicationListQuery = z
  .object({
    status: optionalFilter(z.enum(PUBLICATION_STATUSES, { error: PUBLICATIONS_MESSAGES.invalidStatus })),
    tribunal: optionalFilter(tribunalSigla),
    oabId: optionalFilter(z.uuid({ error: PUBLICATIONS_MESSAGES.invalidOab })),
    caseId: optionalFilter(z.uuid({ error: PUBLICATIONS_MESSAGES.invalidCase })),
    from: dateFilter(PUBLICATIONS_MESSAGES.invalidFrom),
    to: dateFilter(PUBLICATIONS_MESSAGES.invalidTo),
    q: searchParam,
    cursor: optionalFilter(
      z
        .string({ error: PUBLICATIONS_MESSAGES.invalidCursor })
        .max(200, PUBLICATIONS_MESSAGES.invalidCursor)
        .regex(/^[A-Za-z0-9_-]+$/, PUBLICATIONS_MESSAGES.invalidCursor),
    ),
    limit: z.coerce
      .number({ error: 'Limite inválido' })
      .int('Limite inválido')
      .min(1, 'Limite inválido')
      .max(100, 'Limite máximo: 100')
      .default(30),
  })
  .superRefine((q, ctx) => {
    if (q.from !== undefined && q.to !== undefined && q.to < q.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: PUBLICATIONS_MESSAGES.rangeOrder })
    }
  })
export type PublicationListQuery = z.input<typeof publicationListQuery>

export const publicationIdParam = z.object({ id: z.uuid({ error: PUBLICATIONS_MESSAGES.notFound }) })
export const oabIdParam = z.object({ id: z.uuid({ error: PUBLICATIONS_MESSAGES.oabNotFound }) })
export const andamentosCaseParam = z.object({
  caseId: z.uuid({ error: PUBLICATIONS_MESSAGES.caseNotFound }),
})

/** POST /api/publications/:id/status — 'Marcar como tratada' (or back to 'Não tratada'). A cancelled item stays cancelled. */
export const publicationStatusInput = z.object({
  status: z.enum(['tratada', 'nao_tratada'], { error: PUBLICATIONS_MESSAGES.invalidStatus }),
})
export type PublicationStatusInput = z.input<typeof publicationStatusInput>

/** PUT /api/publications/:id/case — 'Vincular a um caso' (a case the user sees); null unlinks. */
export const publicationCaseInput = z.object({
  caseId: z.union([z.uuid({ error: PUBLICATIONS_MESSAGES.invalidCase }), z.null()], {
    error: PUBLICATIONS_MESSAGES.invalidCase,
  }),
})
export type PublicationCaseInput = z.input<typeof publicationCaseInput>

/**
 * POST /api/publications/:id/prazo — records the prazo event created from this item (by the agenda's
 * POST /api/agenda/prazos) so the item counts in 'Prazos criados' and is marked 'Tratada'.
 */
export const publicationPrazoInput = z.object({
  eventId: z.uuid({ error: PUBLICATIONS_MESSAGES.invalidEvent }),
})
export type PublicationPrazoInput = z.input<typeof publicationPrazoInput>

/** POST /api/publications/oabs — number (digits, an optional letter suffix is dropped) and UF. */
export const oabInput = z.object({
  numero: z
    .string({ error: PUBLICATIONS_MESSAGES.oabNumberInvalid })
    .trim()
    .refine((v) => isValidOabNumber(v), PUBLICATIONS_MESSAGES.oabNumberInvalid)
    // The DJEN is queried by the plain number; suffixed forms (123456A) match the same lawyer.
    .transform((v) => v.replace(/\D/g, '').replace(/^0+/, '')),
  uf: z
    .string({ error: PUBLICATIONS_MESSAGES.oabUfInvalid })
    .trim()
    .toUpperCase()
    .pipe(z.enum(UFS, { error: PUBLICATIONS_MESSAGES.oabUfInvalid })),
})
export type OabInput = z.input<typeof oabInput>

// ---- DTOs (what the server answers) ----

export interface PublicationLawyer {
  nome: string
  /** As the court stored it, suffix included ('123456A'). */
  numeroOab: string
  ufOab: string
}

export interface PublicationRecipient {
  nome: string
  /** 'A' (ativo) / 'P' (passivo) as the DJEN sends it, or null. */
  polo: string | null
}

export interface PublicationItem {
  id: string
  /** The DJEN's stable id. */
  djenId: number
  hash: string
  /** 'YYYY-MM-DD' */
  dataDisponibilizacao: string
  siglaTribunal: string
  tipoComunicacao: string | null
  tipoDocumento: string | null
  nomeOrgao: string | null
  /** Sanitised at capture (formatting tags only; links rel="noopener noreferrer" target="_blank"): safe to render as HTML. */
  textoHtml: string
  /** 20 digits, or null. */
  numeroProcesso: string | null
  /** 'NNNNNNN-DD.AAAA.J.TR.OOOO', or null. */
  numeroMascara: string | null
  codigoClasse: string | null
  link: string | null
  ativo: boolean
  motivoCancelamento: string | null
  destinatarios: PublicationRecipient[]
  advogados: PublicationLawyer[]
  /** The monitored OAB that found it (null when found only by process number). */
  foundByOab: { id: string; formatted: string } | null
  /** The office's case it matched (by CNJ number) or was linked to. */
  case: { id: string; titulo: string } | null
  status: PublicationStatus
  treatedBy: { id: string; nome: string } | null
  treatedAt: string | null
  /** The prazo event created from it (agenda), or null. */
  prazoEventId: string | null
  createdAt: string
}

export interface PublicationList {
  items: PublicationItem[]
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: string | null
}

/** The four cards, over the items the user sees. 'Recebidas hoje' = captured today (America/Sao_Paulo). */
export interface PublicationStats {
  naoTratadas: number
  recebidasHoje: number
  prazosCriados: number
  canceladas: number
}

/** GET /api/publications/count — the dashboard's 'Publicações não tratadas'. */
export interface PublicationCount {
  naoTratadas: number
}

export interface PublicationFilters {
  tribunais: string[]
  oabs: { id: string; formatted: string }[]
}

export interface CaptureRun {
  id: string
  status: CaptureRunStatus
  /** 'agendada' (06:00/22:00 schedule) or 'manual' ('Buscar agora'). */
  trigger: 'agendada' | 'manual'
  startedAt: string
  finishedAt: string | null
  /** Queries (OABs + case numbers) done / planned. */
  done: number
  total: number
  /** Items received / newly stored / updated (e.g. cancelled later). */
  received: number
  created: number
  updated: number
  /** pt-BR reason when failed. */
  error: string | null
}

export interface CaptureStatus {
  /** The platform switch 'Captura de publicações'. */
  enabled: boolean
  /** The run in progress, if any (poll while non-null). */
  running: CaptureRun | null
  /** The last finished or failed run. */
  last: CaptureRun | null
  /** 'Última busca: hh:mm' — the end of the last successful run. */
  lastSuccessAt: string | null
  /** 'falhou — nova tentativa às hh:mm' — set when the last run failed. */
  nextRetryAt: string | null
}

export interface MonitoredOab {
  id: string
  /** Plain digits. */
  numero: string
  uf: string
  /** '123.456/SP' */
  formatted: string
  origin: OabOrigin
  /** The member whose profile OAB this is (origin 'perfil'). */
  owner: { userId: string; nome: string } | null
  lastSuccessAt: string | null
  lastRunAt: string | null
  lastError: string | null
  nextRetryAt: string | null
}

/** GET /:id/prazo-prefill — feeds the agenda's deadline dialog (POST /api/agenda/prazos). */
export interface PrazoPrefill {
  publicationId: string
  /** The item's disponibilização date. */
  disponibilizacao: string
  /** The court (its calendar of closed days applies), e.g. 'TJSP'. */
  tribunal: string
  /** Suggested from the text ("prazo de 15 (quinze) dias"), else null. */
  dias: number | null
  caseId: string | null
  clientId: string | null
  titulo: string
  descricao: string
}

/** GET /:id/case-prefill — feeds the case form ('Criar caso'). */
export interface CasePrefill {
  numeroProcesso: string | null
  tribunal: string
  vara: string | null
  titulo: string
}

export interface Andamento {
  codigo: number | null
  nome: string
  /** ISO instant. */
  dataHora: string
  /** 'G1', 'G2', 'JE', 'SUP'… as DataJud names the instance. */
  grau: string
  complementos: string[]
}

export type AndamentosState = 'nunca' | 'ok' | 'nao_encontrado' | 'nao_coberto' | 'sem_numero'

export interface Andamentos {
  caseId: string
  numeroProcesso: string | null
  /** DataJud index alias used ('tjsp'), or null when the court is not covered. */
  alias: string | null
  state: AndamentosState
  /** pt-BR message for the states that need one. */
  message: string | null
  fetchedAt: string | null
  /** Newest first. */
  movimentos: Andamento[]
  graus: string[]
}
