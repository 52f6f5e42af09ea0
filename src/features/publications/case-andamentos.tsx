import { useQuery } from '@tanstack/react-query'
import { History, RefreshCw } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { ListError, ListSkeleton } from '../../components/list-page/list-states'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { EmptyState } from '../../components/ui/empty-state'
import { formatDateTimeBR } from '../../lib/br/dates'
import { DATAJUD_CREDIT, type Andamento } from './publications.schema'
import { getAndamentosQueryOptions, useRefreshAndamentos } from './use-publications'

/**
 * The case's 'Andamentos' tab: the DataJud timeline (newest first, the grau of each movement), fetched only
 * when a user asks ('Atualizar andamentos', DataJud's terms), with the time of the last fetch and the credit.
 */
export function CaseAndamentos({ caseId }: { caseId: string }) {
  const { t } = useTranslation('publications')
  const andamentos = useQuery(getAndamentosQueryOptions(caseId))
  const refresh = useRefreshAndamentos(caseId)
  const data = andamentos.data

  async function onRefresh() {
    try {
      const answer = await refresh.mutateAsync()
      if (answer.state === 'ok') toast.success(t('andamentos.refreshed'))
    } catch (error) {
      toast.error(t('andamentos.refreshError'), { description: (error as Error).message })
    }
  }

  const grauLabel = (grau: string) => t(`andamentos.grau.${grau}`, { defaultValue: grau })
  const noNumber = data?.state === 'sem_numero'

  return (
    <section aria-labelledby="andamentos-title" className="grid gap-3" data-testid="case-andamentos">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-0.5">
          <h3 id="andamentos-title" className="font-semibold">
            {t('andamentos.title')}
          </h3>
          <p className="text-xs text-muted-foreground" data-testid="andamentos-updated">
            {data?.fetchedAt ? t('andamentos.updatedAt', { date: formatDateTimeBR(data.fetchedAt) }) : null}
          </p>
        </div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="self-start"
          onClick={() => void onRefresh()}
          disabled={refresh.isPending || andamentos.isPending || noNumber}
        >
          <RefreshCw
            aria-hidden
            className={refresh.isPending ? 'animate-spin motion-reduce:animate-none' : undefined}
          />
          {refresh.isPending ? t('andamentos.refreshing') : t('andamentos.refresh')}
        </Button>
      </div>

      {/* The outcome of the last lookup, announced when it changes. */}
      <div role="status" aria-live="polite">
        {refresh.isError ? (
          <p className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm">
            {refresh.error.message}
          </p>
        ) : data && (data.state === 'nao_encontrado' || data.state === 'nao_coberto') ? (
          <p className="rounded-md border border-warning/40 bg-warning/10 px-3 py-2 text-sm">
            {data.message}
          </p>
        ) : null}
      </div>

      {andamentos.isPending ? (
        <ListSkeleton />
      ) : andamentos.isError ? (
        <ListError
          title={t('andamentos.loadError')}
          message={andamentos.error.message}
          retryLabel={t('error.retry')}
          onRetry={() => void andamentos.refetch()}
        />
      ) : !data ? null : noNumber ? (
        <p className="text-sm text-muted-foreground">{data.message ?? t('andamentos.noNumber')}</p>
      ) : data.movimentos.length === 0 ? (
        data.state === 'nunca' ? (
          <EmptyState
            icon={<History />}
            title={t('andamentos.never')}
            description={t('andamentos.neverHint')}
          />
        ) : data.state === 'ok' ? (
          <p className="text-sm text-muted-foreground">{t('andamentos.empty')}</p>
        ) : null
      ) : (
        <Timeline movimentos={data.movimentos} grauLabel={grauLabel} label={t('andamentos.timeline')} />
      )}

      <p className="text-xs text-muted-foreground">{DATAJUD_CREDIT}</p>
    </section>
  )
}

function Timeline({
  movimentos,
  grauLabel,
  label,
}: {
  movimentos: Andamento[]
  grauLabel: (grau: string) => string
  label: string
}) {
  return (
    <ol aria-label={label} className="grid gap-0 border-l pl-4" data-testid="andamentos-timeline">
      {movimentos.map((movimento, index) => (
        <li
          key={`${movimento.dataHora}-${movimento.codigo ?? movimento.nome}-${movimento.grau}-${index}`}
          className="relative grid gap-1 pb-4 last:pb-0"
          data-testid="andamento"
        >
          <span aria-hidden className="absolute top-1.5 -left-[1.3125rem] size-2.5 rounded-full bg-primary" />
          <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
            <time dateTime={movimento.dataHora}>{formatDateTimeBR(movimento.dataHora)}</time>
            <Badge variant="secondary">{grauLabel(movimento.grau)}</Badge>
          </div>
          <p className="text-sm font-medium break-words">{movimento.nome}</p>
          {movimento.complementos.length > 0 && (
            <p className="text-xs break-words text-muted-foreground">{movimento.complementos.join('; ')}</p>
          )}
        </li>
      ))}
    </ol>
  )
}
