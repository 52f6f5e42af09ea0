import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Check, Download, FileText, MoreHorizontal, Pencil, Send, Trash2, X } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../components/ui/alert-dialog'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu'
import { EmptyState } from '../../components/ui/empty-state'
import { Label } from '../../components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select'
import { Skeleton } from '../../components/ui/skeleton'
import { formatDateBR } from '../../lib/br/dates'
import { centsToBRL, formatBRL, parseBRLToCents } from '../../lib/br/money'
import {
  getProposalsQueryOptions,
  proposalPdfUrl,
  useAcceptProposal,
  useDeleteProposal,
  useProposalAction,
} from './proposals-hooks'
import { formatPercentBR, PROPOSAL_STATUSES, type ProposalDto, type ProposalStatus } from './proposals.schema'

type Filter = ProposalStatus | 'todos'
type Pending = { kind: 'accept' | 'refuse' | 'delete'; proposal: ProposalDto } | null

const STATUS_VARIANT = {
  rascunho: 'outline',
  enviada: 'secondary',
  aceita: 'success',
  recusada: 'destructive',
} as const

/** The proposals of the office, filtered by status, each with its actions (PDF, send, accept, refuse…). */
export function ProposalsList({
  onNew,
  onEdit,
}: {
  onNew: () => void
  onEdit: (proposal: ProposalDto) => void
}) {
  const { t } = useTranslation('financial')
  const [filter, setFilter] = useState<Filter>('todos')
  const [pending, setPending] = useState<Pending>(null)
  const list = useQuery(getProposalsQueryOptions(filter))
  const action = useProposalAction()

  function run(kind: 'send' | 'refuse', proposal: ProposalDto) {
    action.mutate(
      { id: proposal.id, action: kind },
      {
        onSuccess: () =>
          toast.success(t(kind === 'send' ? 'proposals.toast.sent' : 'proposals.toast.refused')),
        onError: (error) => toast.error(error.message),
      },
    )
  }

  return (
    <div className="grid gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid gap-1.5">
          <Label htmlFor="proposals-filter">{t('proposals.filter')}</Label>
          <Select value={filter} onValueChange={(value) => setFilter(value as Filter)}>
            <SelectTrigger id="proposals-filter" className="w-full sm:w-48">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {(['todos', ...PROPOSAL_STATUSES] as const).map((status) => (
                <SelectItem key={status} value={status}>
                  {t(`proposals.status.${status}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <Button type="button" onClick={onNew}>
          <FileText aria-hidden />
          {t('proposals.new')}
        </Button>
      </div>

      {list.isPending ? (
        <div className="grid gap-2" aria-busy="true" aria-label={t('proposals.loading')}>
          <Skeleton className="h-20" />
          <Skeleton className="h-20" />
        </div>
      ) : list.isError ? (
        <div role="alert" className="grid gap-2 rounded-md border border-destructive/40 p-3 text-sm">
          <p className="text-destructive">{t('proposals.loadError')}</p>
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="w-fit"
            onClick={() => void list.refetch()}
          >
            {t('proposals.retry')}
          </Button>
        </div>
      ) : list.data.items.length === 0 ? (
        <EmptyState icon={<FileText />} title={t('proposals.empty')} description={t('proposals.emptyHint')} />
      ) : (
        <>
          <ul className="grid gap-2" aria-label={t('proposals.listLabel')}>
            {list.data.items.map((proposal) => (
              <ProposalRow
                key={proposal.id}
                proposal={proposal}
                onSend={() => run('send', proposal)}
                onEdit={() => onEdit(proposal)}
                onAsk={(kind) => setPending({ kind, proposal })}
              />
            ))}
          </ul>
          {list.data.total > list.data.items.length && (
            <p className="text-sm text-muted-foreground">
              {t('proposals.showing', {
                count: list.data.items.length,
                total: `${list.data.total.toLocaleString('pt-BR')}${list.data.totalCapped ? '+' : ''}`,
              })}
            </p>
          )}
        </>
      )}
      <ConfirmProposal
        pending={pending}
        onClose={() => setPending(null)}
        onRefuse={(p) => run('refuse', p)}
      />
    </div>
  )
}

/** 'R$ 3.000,00 em 3x + 20% de êxito'. */
function feeSummary(p: ProposalDto, t: (key: string, options?: Record<string, unknown>) => string): string {
  const parts: string[] = []
  if (p.valorFixo !== null) {
    const valor = formatBRL(p.valorFixo)
    parts.push(
      p.parcelas && p.parcelas > 1
        ? t('proposals.summary.parcelado', { valor, parcelas: p.parcelas })
        : t('proposals.summary.fixo', { valor }),
    )
  }
  if (p.percentualExito !== null) {
    const percentual = formatPercentBR(p.percentualExito)
    parts.push(
      p.valorCausa
        ? t('proposals.summary.exitoSobre', { percentual, valorCausa: formatBRL(p.valorCausa) })
        : t('proposals.summary.exito', { percentual }),
    )
  }
  return parts.join(' + ')
}

function ProposalRow({
  proposal: p,
  onSend,
  onEdit,
  onAsk,
}: {
  proposal: ProposalDto
  onSend: () => void
  onEdit: () => void
  onAsk: (kind: 'accept' | 'refuse' | 'delete') => void
}) {
  const { t } = useTranslation('financial')
  const open = p.status === 'rascunho' || p.status === 'enviada'
  return (
    <li
      className="grid gap-2 rounded-lg border p-3 sm:grid-cols-[1fr_auto] sm:items-center"
      data-testid="proposal-row"
    >
      <div className="grid min-w-0 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-words">{p.clientNome}</span>
          <Badge variant={STATUS_VARIANT[p.status]}>{t(`proposals.status.${p.status}`)}</Badge>
          <Badge variant="outline">{t(`proposals.modelo.${p.modelo}`)}</Badge>
        </div>
        <p className="text-sm break-words text-muted-foreground">
          {p.caseTitulo ?? t('proposals.semProcesso')}
        </p>
        <p className="text-sm tabular-nums">{feeSummary(p, t)}</p>
        <p className="text-xs text-muted-foreground">
          {p.acceptedAt
            ? t('proposals.aceitaEm', { data: formatDateBR(new Date(p.acceptedAt)) })
            : t('proposals.validade', { data: formatDateBR(p.validade) })}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline" size="sm">
          <a href={proposalPdfUrl(p.id)} download>
            <Download aria-hidden />
            {t('proposals.actions.pdf')}
          </a>
        </Button>
        {open && (
          <Button type="button" size="sm" onClick={() => onAsk('accept')}>
            <Check aria-hidden />
            {t('proposals.actions.accept')}
          </Button>
        )}
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              aria-label={t('proposals.actions.label', { cliente: p.clientNome })}
            >
              <MoreHorizontal aria-hidden />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            {p.status === 'rascunho' && (
              <DropdownMenuItem onSelect={onSend}>
                <Send aria-hidden />
                {t('proposals.actions.send')}
              </DropdownMenuItem>
            )}
            {open && (
              <DropdownMenuItem onSelect={onEdit}>
                <Pencil aria-hidden />
                {t('proposals.actions.edit')}
              </DropdownMenuItem>
            )}
            {open && (
              <DropdownMenuItem onSelect={() => onAsk('refuse')}>
                <X aria-hidden />
                {t('proposals.actions.refuse')}
              </DropdownMenuItem>
            )}
            {p.status !== 'aceita' && (
              <DropdownMenuItem variant="destructive" onSelect={() => onAsk('delete')}>
                <Trash2 aria-hidden />
                {t('proposals.actions.delete')}
              </DropdownMenuItem>
            )}
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
    </li>
  )
}

/** Accepting creates receivables and refusing/deleting cannot be undone: each asks first, saying what happens. */
function ConfirmProposal({
  pending,
  onClose,
  onRefuse,
}: {
  pending: Pending
  onClose: () => void
  onRefuse: (proposal: ProposalDto) => void
}) {
  const { t } = useTranslation('financial')
  const accept = useAcceptProposal()
  const remove = useDeleteProposal()
  const p = pending?.proposal
  const kind = pending?.kind

  function confirm() {
    if (!p || !kind) return
    if (kind === 'refuse') onRefuse(p)
    if (kind === 'accept') {
      accept.mutate(p.id, {
        onSuccess: (result) =>
          toast.success(
            result.receivables > 0
              ? t('proposals.toast.accepted', { count: result.receivables })
              : t('proposals.toast.acceptedExito'),
          ),
        onError: (error) => toast.error(error.message),
      })
    }
    if (kind === 'delete') {
      remove.mutate(p.id, {
        onSuccess: () => toast.success(t('proposals.toast.deleted')),
        onError: (error) => toast.error(error.message),
      })
    }
    onClose()
  }

  const fixedCents = p?.valorFixo ? parseBRLToCents(p.valorFixo) : null
  return (
    <AlertDialog open={pending !== null} onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{kind ? t(`proposals.confirm.${kind}Title`) : ''}</AlertDialogTitle>
          <AlertDialogDescription asChild>
            <div className="grid gap-2">
              {kind === 'accept' && p && fixedCents !== null && p.primeiroVencimento && (
                <p>
                  {t('proposals.confirm.acceptFixed', {
                    count: p.parcelas ?? 1,
                    valor: centsToBRL(fixedCents),
                    data: formatDateBR(p.primeiroVencimento),
                  })}
                </p>
              )}
              {kind === 'accept' && p?.percentualExito && (
                <p>
                  {t('proposals.confirm.acceptExito', { percentual: formatPercentBR(p.percentualExito) })}
                </p>
              )}
              {kind === 'accept' && p && fixedCents === null && <p>{t('proposals.confirm.acceptNothing')}</p>}
              {kind === 'refuse' && <p>{t('proposals.confirm.refuseDescription')}</p>}
              {kind === 'delete' && <p>{t('proposals.confirm.deleteDescription')}</p>}
            </div>
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t('proposals.confirm.cancel')}</AlertDialogCancel>
          <AlertDialogAction
            onClick={confirm}
            className={kind === 'accept' ? undefined : 'bg-destructive text-white hover:bg-destructive/90'}
          >
            {kind ? t(`proposals.actions.${kind}`) : ''}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
