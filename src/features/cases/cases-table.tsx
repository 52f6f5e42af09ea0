import { useTranslation } from 'react-i18next'
import { Badge } from '../../components/ui/badge'
import { RowActions as ListRowActions } from '../../components/list-page/row-actions'
import { Card, CardContent } from '../../components/ui/card'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table'
import { formatDateBR } from '../../lib/br/dates'
import { formatBRL } from '../../lib/br/money'
import { useMediaQuery } from '../../lib/use-media-query'
import type { CaseStatus, CaseSummary } from './cases.schema'

const STATUS_VARIANT = {
  aberto: 'secondary',
  andamento: 'warning',
  concluido: 'success',
  arquivado: 'outline',
} as const satisfies Record<CaseStatus, 'secondary' | 'warning' | 'success' | 'outline'>

export function CaseStatusBadge({ status }: { status: CaseStatus }) {
  const { t } = useTranslation('cases')
  const variant = STATUS_VARIANT[status]
  return (
    <Badge
      variant={variant}
      // The primitive's success text (--success on its 15% tint) measures 4.2:1, under WCAG AA's 4.5:1.
      className={variant === 'success' ? 'text-emerald-800 dark:text-emerald-300' : undefined}
    >
      {t(`status.${status}`)}
    </Badge>
  )
}

/** '0001234-71.2024.8.26.0100' with its court badge ('TJSP'). */
function ProcessNumber({ item }: { item: CaseSummary }) {
  const { t } = useTranslation('cases')
  if (!item.numeroProcesso) return <span className="text-muted-foreground">{t('noProcess')}</span>
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <span className="font-mono text-xs">{item.numeroProcesso}</span>
      {item.tribunalSigla && <Badge variant="outline">{item.tribunalSigla}</Badge>}
    </span>
  )
}

interface CasesTableProps {
  cases: CaseSummary[]
  onEdit: (item: CaseSummary) => void
  /** Absent when the user's level may not delete cases (the estagiário): no 'Remover' button. */
  onRemove?: ((item: CaseSummary) => void) | undefined
}

/** Edit/remove for one case: icon buttons in the table, labelled buttons on the cards (room for words). */
function RowActions({
  item,
  onEdit,
  onRemove,
  withText,
}: { item: CaseSummary; withText: boolean } & Omit<CasesTableProps, 'cases'>) {
  const { t } = useTranslation('cases')
  return (
    <ListRowActions
      withText={withText}
      editLabel={t('actions.editLabel', { name: item.titulo })}
      editText={t('actions.edit')}
      onEdit={() => onEdit(item)}
      removeLabel={t('actions.removeLabel', { name: item.titulo })}
      removeText={t('actions.remove')}
      onRemove={onRemove && (() => onRemove(item))}
    />
  )
}

/** A table from 1024 px up (beside the sidebar), one card per case below that. */
export function CasesTable(props: CasesTableProps) {
  const isWide = useMediaQuery('(min-width: 1024px)')
  return isWide ? <WideTable {...props} /> : <CardList {...props} />
}

function WideTable({ cases, onEdit, onRemove }: CasesTableProps) {
  const { t } = useTranslation('cases')
  return (
    <Table aria-label={t('listLabel')}>
      <TableHeader>
        <TableRow>
          <TableHead>{t('columns.titulo')}</TableHead>
          <TableHead>{t('columns.processo')}</TableHead>
          <TableHead>{t('columns.status')}</TableHead>
          <TableHead className="text-right">{t('columns.valor')}</TableHead>
          <TableHead>{t('columns.inicio')}</TableHead>
          <TableHead>{t('columns.cliente')}</TableHead>
          <TableHead className="text-right">{t('columns.acoes')}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {cases.map((item) => (
          <TableRow key={item.id}>
            <TableCell className="max-w-64 min-w-40">
              <div className="grid">
                <span className="truncate font-medium" title={item.titulo}>
                  {item.titulo}
                </span>
                <span className="text-xs text-muted-foreground">{item.areaJuridica}</span>
              </div>
            </TableCell>
            <TableCell>
              <ProcessNumber item={item} />
            </TableCell>
            <TableCell>
              <CaseStatusBadge status={item.status} />
            </TableCell>
            <TableCell className="text-right tabular-nums">
              {item.valorCausa === null ? '—' : formatBRL(item.valorCausa)}
            </TableCell>
            <TableCell className="tabular-nums">{formatDateBR(item.dataInicio)}</TableCell>
            <TableCell className="max-w-48 truncate" title={item.clientNome ?? undefined}>
              {item.clientNome ?? <span className="text-muted-foreground">{t('noClient')}</span>}
            </TableCell>
            <TableCell>
              <RowActions item={item} onEdit={onEdit} onRemove={onRemove} withText={false} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}

function CardList({ cases, onEdit, onRemove }: CasesTableProps) {
  const { t } = useTranslation('cases')
  return (
    // grid-cols-* are minmax(0, 1fr) tracks: a long title truncates instead of widening the page.
    <ul aria-label={t('listLabel')} className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      {cases.map((item) => (
        <li key={item.id}>
          <Card className="h-full gap-3 py-4">
            <CardContent className="grid grid-cols-1 gap-2 px-4 text-sm">
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="truncate font-medium">{item.titulo}</p>
                  <p className="text-xs text-muted-foreground">{item.areaJuridica}</p>
                </div>
                <CaseStatusBadge status={item.status} />
              </div>
              <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-xs">
                <dt className="text-muted-foreground">{t('columns.processo')}</dt>
                <dd className="min-w-0">
                  <ProcessNumber item={item} />
                </dd>
                <dt className="text-muted-foreground">{t('columns.cliente')}</dt>
                <dd className="truncate">{item.clientNome ?? t('noClient')}</dd>
                <dt className="text-muted-foreground">{t('columns.valor')}</dt>
                <dd>{item.valorCausa === null ? '—' : formatBRL(item.valorCausa)}</dd>
                <dt className="text-muted-foreground">{t('columns.inicio')}</dt>
                <dd>{formatDateBR(item.dataInicio)}</dd>
              </dl>
              <RowActions item={item} onEdit={onEdit} onRemove={onRemove} withText />
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  )
}
