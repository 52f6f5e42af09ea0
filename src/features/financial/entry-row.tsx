import { CheckCircle2, FileText, Pencil, QrCode, Repeat, Trash2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { formatDateBR } from '../../lib/br/dates'
import { formatBRL } from '../../lib/br/money'
import { cn } from '../../lib/utils'
import type { FinancialEntryDto, FinancialStatus } from './financial.schema'

const STATUS_VARIANT: Record<FinancialStatus, 'success' | 'secondary' | 'warning' | 'outline'> = {
  pago: 'success',
  pendente: 'secondary',
  // Tinted (readable on both themes) and bold: a solid red badge fails contrast in the dark theme.
  vencido: 'warning',
  cancelado: 'outline',
}

export interface EntryActions {
  onPay: (entry: FinancialEntryDto) => void
  onEdit: (entry: FinancialEntryDto) => void
  onRemove: (entry: FinancialEntryDto) => void
  onReceipt: (entry: FinancialEntryDto) => void
  /** Only when the Pix dialog exists (engineer "pix"). */
  onPix?: ((entry: FinancialEntryDto) => void) | undefined
}

function Detail({ label, value }: { label: string; value: string | null }) {
  if (!value) return null
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="truncate text-sm">{value}</dd>
    </div>
  )
}

/** One entry (spec §2 row): description, type, status with the 'Vencido' badge, amount, dates, links, notes. */
export function EntryRow({ entry, actions }: { entry: FinancialEntryDto; actions: EntryActions }) {
  const { t } = useTranslation('financial')
  const name = { descricao: entry.descricao }
  const parcela = entry.parcelaTotal
    ? t('list.parcela', { n: entry.parcelaNumero, total: entry.parcelaTotal })
    : null
  return (
    <li
      className="grid gap-3 rounded-lg border bg-card p-4"
      data-testid="financial-entry"
      data-entry-id={entry.id}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 gap-1">
          <h3 className="font-medium break-words">{entry.descricao}</h3>
          <div className="flex flex-wrap items-center gap-1.5">
            <Badge variant="outline">{t(`tipo.${entry.tipo}`)}</Badge>
            <Badge
              variant={STATUS_VARIANT[entry.status]}
              className={entry.vencido ? 'font-semibold' : undefined}
              data-testid="entry-status"
            >
              {t(`status.${entry.status}`)}
            </Badge>
            <span className="text-xs text-muted-foreground">{t(`categoria.${entry.categoria}`)}</span>
            {parcela && <span className="text-xs text-muted-foreground">· {parcela}</span>}
            {entry.recorrente && (
              <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
                <Repeat aria-hidden className="size-3" /> {t('list.recorrente')}
              </span>
            )}
          </div>
        </div>
        <p
          className={cn(
            'text-lg font-semibold tabular-nums',
            entry.tipo === 'receita' ? 'text-success-strong' : 'text-destructive',
          )}
          data-testid="entry-valor"
        >
          {entry.tipo === 'despesa' ? '− ' : ''}
          {formatBRL(entry.valor)}
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3 lg:grid-cols-6">
        <Detail label={t('list.vencimento')} value={formatDateBR(entry.dataVencimento)} />
        <Detail
          label={t('list.pagamento')}
          value={entry.dataPagamento ? formatDateBR(entry.dataPagamento) : null}
        />
        <Detail
          label={t('list.forma')}
          value={entry.formaPagamento ? t(`forma.${entry.formaPagamento}`) : null}
        />
        <Detail label={t('list.cliente')} value={entry.clientNome} />
        <Detail label={t('list.caso')} value={entry.caseTitulo} />
        <Detail label={t('list.observacoes')} value={entry.observacoes} />
      </dl>
      <div className="flex flex-wrap justify-end gap-1">
        {entry.storedStatus === 'pendente' && (
          <Button
            size="sm"
            onClick={() => actions.onPay(entry)}
            aria-label={t('actions.markPaidLabel', name)}
          >
            <CheckCircle2 aria-hidden />
            {t('actions.markPaid')}
          </Button>
        )}
        {entry.storedStatus === 'pendente' && entry.tipo === 'receita' && actions.onPix && (
          <Button size="sm" variant="outline" onClick={() => actions.onPix?.(entry)}>
            <QrCode aria-hidden />
            {t('pix.action')}
          </Button>
        )}
        {entry.storedStatus === 'pago' && (
          <Button
            size="sm"
            variant="outline"
            onClick={() => actions.onReceipt(entry)}
            aria-label={t('actions.receiptLabel', name)}
          >
            <FileText aria-hidden />
            {t('actions.receipt')}
          </Button>
        )}
        <Button
          size="sm"
          variant="ghost"
          onClick={() => actions.onEdit(entry)}
          aria-label={t('actions.editLabel', name)}
        >
          <Pencil aria-hidden />
          {t('actions.edit')}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          className="text-destructive hover:text-destructive"
          onClick={() => actions.onRemove(entry)}
          aria-label={t('actions.removeLabel', name)}
        >
          <Trash2 aria-hidden />
          {t('actions.remove')}
        </Button>
      </div>
    </li>
  )
}
