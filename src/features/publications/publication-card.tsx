import { CalendarCheck, CalendarPlus, CheckCheck, FilePlus2, FileText, Link2, Undo2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { Card, CardContent } from '../../components/ui/card'
import { formatCnj } from '../../lib/br/cnj'
import { formatDateBR, formatDateTimeBR } from '../../lib/br/dates'
import { paths } from '../../lib/paths'
import type { PublicationItem } from './publications.schema'
import { PublicationText } from './publication-text'

export interface PublicationActions {
  onCriarPrazo: (item: PublicationItem) => void
  onSetStatus: (item: PublicationItem, status: 'tratada' | 'nao_tratada') => void
  onVincular: (item: PublicationItem) => void
  onCriarCaso: (item: PublicationItem) => void
  /** The item whose action is being prepared (its buttons show 'Preparando…'). */
  busyId: string | null
}

const STATUS_VARIANT = {
  nao_tratada: 'warning',
  tratada: 'success',
  cancelada: 'destructive',
} as const

/** One communication of the DJEN: who it is for, what it says, and what the office does with it. */
export function PublicationCard({ item, ...actions }: { item: PublicationItem } & PublicationActions) {
  const { t } = useTranslation('publications')
  const numero = item.numeroMascara ?? (item.numeroProcesso ? formatCnj(item.numeroProcesso) : null)
  const titleId = `publication-title-${item.id}`
  const busy = actions.busyId === item.id
  const cancelled = item.status === 'cancelada' || !item.ativo

  return (
    <Card
      className="gap-3 py-4"
      data-testid="publication-item"
      data-status={item.status}
      aria-labelledby={titleId}
      role="article"
    >
      <CardContent className="grid gap-3 px-4">
        <header className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
          <div className="grid gap-1">
            <h3 id={titleId} className="flex flex-wrap items-center gap-2 font-semibold">
              <Badge variant="outline">{item.siglaTribunal}</Badge>
              <span className="break-words">{item.tipoComunicacao ?? item.tipoDocumento ?? ''}</span>
            </h3>
            <p className="text-sm text-muted-foreground">
              {t('item.disponibilizacao', { date: formatDateBR(item.dataDisponibilizacao) })}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            {item.prazoEventId && (
              <Badge variant="secondary">
                <CalendarCheck aria-hidden />
                {t('item.prazo')}
              </Badge>
            )}
            <Badge variant={STATUS_VARIANT[item.status]}>{t(`status.${item.status}`)}</Badge>
          </div>
        </header>

        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
          {item.nomeOrgao && <Row label={t('item.orgao')}>{item.nomeOrgao}</Row>}
          {item.tipoDocumento && <Row label={t('item.tipo')}>{item.tipoDocumento}</Row>}
          {numero && (
            <Row label={t('item.processo')}>
              <span className="font-mono tabular-nums" data-testid="publication-numero">
                {numero}
              </span>
            </Row>
          )}
          <Row label={t('item.caso')}>
            {item.case ? (
              <Link
                className="text-primary underline-offset-4 hover:underline"
                to={`${paths.dashboard.cases}?${new URLSearchParams({ search: numero ?? item.case.titulo })}`}
                aria-label={t('item.openCase', { titulo: item.case.titulo })}
              >
                {item.case.titulo}
              </Link>
            ) : (
              <span className="text-muted-foreground">{t('item.noCase')}</span>
            )}
          </Row>
          {item.advogados.length > 0 && (
            <Row label={t('item.advogados')}>
              {item.advogados.map((a) => `${a.nome} (OAB ${a.numeroOab}/${a.ufOab})`).join('; ')}
            </Row>
          )}
          {item.destinatarios.length > 0 && (
            <Row label={t('item.destinatarios')}>
              {item.destinatarios
                .map((d) =>
                  d.polo === 'A' || d.polo === 'P' ? `${d.nome} (${t(`item.polo.${d.polo}`)})` : d.nome,
                )
                .join('; ')}
            </Row>
          )}
        </dl>

        {cancelled && (
          <p
            className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm"
            role="note"
          >
            {item.motivoCancelamento
              ? t('item.cancelledReason', { motivo: item.motivoCancelamento })
              : t('item.cancelled')}
          </p>
        )}

        <PublicationText html={item.textoHtml} id={item.id} />

        <p className="text-xs text-muted-foreground">
          {item.foundByOab ? t('item.foundBy', { oab: item.foundByOab.formatted }) : t('item.foundByNumber')}
          {item.treatedBy && item.treatedAt && (
            <> · {t('item.treated', { nome: item.treatedBy.nome, date: formatDateTimeBR(item.treatedAt) })}</>
          )}
        </p>

        <div role="group" aria-label={t('actions.label')} className="flex flex-wrap gap-2">
          {item.prazoEventId ? (
            <Button asChild size="sm" variant="outline">
              <Link to={paths.dashboard.schedule}>
                <CalendarCheck aria-hidden />
                {t('item.viewPrazo')}
              </Link>
            </Button>
          ) : (
            !cancelled && (
              <Button size="sm" disabled={busy} onClick={() => actions.onCriarPrazo(item)}>
                <CalendarPlus aria-hidden />
                {busy ? t('actions.preparing') : t('actions.criarPrazo')}
              </Button>
            )
          )}
          {item.status === 'nao_tratada' && (
            <Button size="sm" variant="outline" onClick={() => actions.onSetStatus(item, 'tratada')}>
              <CheckCheck aria-hidden />
              {t('actions.marcarTratada')}
            </Button>
          )}
          {item.status === 'tratada' && (
            <Button size="sm" variant="ghost" onClick={() => actions.onSetStatus(item, 'nao_tratada')}>
              <Undo2 aria-hidden />
              {t('actions.reabrir')}
            </Button>
          )}
          <Button size="sm" variant="outline" onClick={() => actions.onVincular(item)}>
            <Link2 aria-hidden />
            {t('actions.vincular')}
          </Button>
          {!item.case && item.numeroProcesso && (
            <Button size="sm" variant="outline" disabled={busy} onClick={() => actions.onCriarCaso(item)}>
              <FilePlus2 aria-hidden />
              {t('actions.criarCaso')}
            </Button>
          )}
          <Button asChild size="sm" variant="ghost">
            <a
              href={`/api/publications/${encodeURIComponent(item.id)}/certidao`}
              target="_blank"
              rel="noopener noreferrer"
            >
              <FileText aria-hidden />
              {t('actions.verCertidao')}
            </a>
          </Button>
        </div>
      </CardContent>
    </Card>
  )
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="contents">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  )
}
