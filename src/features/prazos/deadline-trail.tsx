import { useTranslation } from 'react-i18next'
import { Badge } from '../../components/ui/badge'
import { dayOfWeekISO, formatDateBR } from '../../lib/br/dates'
import type { PrazoCalculado, TrilhaItem } from '../../lib/br/deadline'
import { cn } from '../../lib/utils'

/** Publication, start and due date, then every day of the trail with why it counted or not. */
export function DeadlineResult({
  result,
  closureNames,
}: {
  result: PrazoCalculado
  /** Names of the court closures the page sent as plain dates (the API echoes only the date). */
  closureNames: ReadonlyMap<string, string>
}) {
  const { t } = useTranslation('prazos')
  const counted = result.trilha.filter((item) => item.tipo === 'contado').length
  const skipped = result.trilha.filter((item) => item.tipo === 'pulado').length
  const summary = (['publicacao', 'inicio', 'vencimento'] as const).map((key) => ({
    key,
    date: result[key],
    strong: key === 'vencimento',
  }))
  return (
    <div className="grid gap-6">
      <dl className="grid gap-3 sm:grid-cols-3">
        {summary.map(({ key, date, strong }) => (
          <div
            key={key}
            className={cn('rounded-lg border border-border p-4', strong && 'border-primary bg-primary/5')}
          >
            <dt className="text-sm text-muted-foreground">{t(`result.${key}`)}</dt>
            <dd
              className={cn('mt-1 text-lg font-semibold', strong && 'text-2xl')}
              data-testid={`prazo-${key}`}
            >
              {formatDateBR(date)} <WeekdayName date={date} />
            </dd>
          </div>
        ))}
      </dl>

      <section aria-labelledby="prazo-trilha">
        <h3 id="prazo-trilha" className="text-base font-semibold">
          {t('result.trail')}
        </h3>
        <p className="text-sm text-muted-foreground">
          {t('result.trailSummary', { contados: counted, pulados: skipped })}
        </p>
        <ol className="mt-3 divide-y divide-border rounded-lg border border-border">
          {result.trilha.map((item) => (
            <TrailRow key={item.data} item={item} total={counted} closureNames={closureNames} />
          ))}
        </ol>
      </section>
    </div>
  )
}

function WeekdayName({ date }: { date: string }) {
  const { t } = useTranslation('prazos')
  return <span className="font-normal text-muted-foreground">({t(`weekday.${dayOfWeekISO(date)}`)})</span>
}

const BADGE: Record<TrilhaItem['tipo'], 'default' | 'secondary' | 'success' | 'outline'> = {
  disponibilizacao: 'secondary',
  publicacao: 'default',
  contado: 'success',
  pulado: 'outline',
}

function TrailRow({
  item,
  total,
  closureNames,
}: {
  item: TrilhaItem
  total: number
  closureNames: ReadonlyMap<string, string>
}) {
  const { t } = useTranslation('prazos')
  let text: string
  if (item.tipo === 'contado') {
    const mark =
      item.contagem === 1 && item.contagem === total
        ? `${t('result.start')}, ${t('result.end')}`
        : item.contagem === 1
          ? t('result.start')
          : item.contagem === total
            ? t('result.end')
            : ''
    text = t('result.countedOf', { n: item.contagem, total }) + (mark ? ` — ${mark}` : '')
    if (item.nome) text += ` (${item.nome})`
  } else if (item.tipo === 'pulado' && item.causa) {
    const nome = item.nome ?? (item.causa === 'fechado_tribunal' ? closureNames.get(item.data) : undefined)
    text = t(`causa.${item.causa}`) + (nome ? `: ${nome}` : '')
  } else {
    text = t(`descricao.${item.tipo === 'publicacao' ? 'publicacao' : 'disponibilizacao'}`)
  }
  const isDue = item.tipo === 'contado' && item.contagem === total
  return (
    <li
      className={cn(
        'grid grid-cols-[8.75rem_1fr] items-start gap-x-3 gap-y-1 px-3 py-2 text-sm sm:grid-cols-[9rem_6.5rem_1fr]',
        item.tipo === 'pulado' && 'text-muted-foreground',
        isDue && 'bg-primary/5 font-semibold',
      )}
    >
      <span className="tabular-nums">
        {formatDateBR(item.data)} <WeekdayName date={item.data} />
      </span>
      <Badge variant={BADGE[item.tipo]}>{t(`tipo.${item.tipo}`)}</Badge>
      <span className="col-span-2 sm:col-span-1">{text}</span>
    </li>
  )
}
