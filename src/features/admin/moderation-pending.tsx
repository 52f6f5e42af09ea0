import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Check, FileText, ShieldCheck, X } from 'lucide-react'
import { Button } from '../../components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog'
import { EmptyState } from '../../components/ui/empty-state'
import { Label } from '../../components/ui/label'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table'
import { Textarea } from '../../components/ui/textarea'
import { formatDateTimeBR } from '../../lib/br/dates'
import { StatusBadge, TabSkeleton } from './moderation-shared'
import { useDecideVerification, usePendingVerifications } from './use-admin-moderation'

interface Decision {
  id: string
  name: string
  approve: boolean
}

/** Pendentes: OAB verification requests awaiting a decision (view the card, approve, reject with reason). */
export function PendingTab() {
  const { t } = useTranslation('admin-moderation')
  const requests = usePendingVerifications()
  const decide = useDecideVerification()
  const [decision, setDecision] = useState<Decision | null>(null)
  const [motivo, setMotivo] = useState('')

  const open = (next: Decision) => {
    setMotivo('')
    setDecision(next)
  }
  const confirm = () => {
    if (!decision) return
    decide.mutate(
      { id: decision.id, approve: decision.approve, motivo: decision.approve ? undefined : motivo.trim() },
      {
        onSuccess: () => {
          toast.success(decision.approve ? t('pending.approved') : t('pending.rejected'), {
            description: decision.name,
          })
          setDecision(null)
        },
        onError: (error) => toast.error(t('pending.error'), { description: error.message }),
      },
    )
  }

  if (requests.isPending) return <TabSkeleton />
  const rows = requests.data?.items ?? []
  if (rows.length === 0)
    return (
      <EmptyState
        icon={<ShieldCheck />}
        title={requests.isError ? t('loadError') : t('pending.empty')}
        description={requests.isError ? t('tryLater') : undefined}
      />
    )
  return (
    <>
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>{t('columns.user')}</TableHead>
            <TableHead>{t('columns.oab')}</TableHead>
            <TableHead>{t('columns.sentAt')}</TableHead>
            <TableHead>{t('columns.status')}</TableHead>
            <TableHead className="text-right">{t('columns.actions')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id} data-testid="pending-row">
              <TableCell className="font-medium">{row.nomeCompleto}</TableCell>
              <TableCell className="whitespace-nowrap">
                {row.oabNumero ? `${row.oabNumero}/${row.oabEstado ?? ''}` : '—'}
              </TableCell>
              <TableCell className="whitespace-nowrap">{formatDateTimeBR(row.createdAt)}</TableCell>
              <TableCell>
                <StatusBadge done={false} />
              </TableCell>
              <TableCell>
                <div className="flex justify-end gap-1">
                  <Button size="sm" variant="outline" asChild>
                    <a
                      href={row.fileUrl}
                      target="_blank"
                      rel="noreferrer"
                      aria-label={`${t('pending.viewCard')}: ${row.nomeCompleto}`}
                    >
                      <FileText aria-hidden />
                    </a>
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={`${t('pending.approve')}: ${row.nomeCompleto}`}
                    onClick={() => open({ id: row.id, name: row.nomeCompleto, approve: true })}
                  >
                    <Check aria-hidden />
                    <span className="hidden lg:inline">{t('pending.approve')}</span>
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={`${t('pending.reject')}: ${row.nomeCompleto}`}
                    onClick={() => open({ id: row.id, name: row.nomeCompleto, approve: false })}
                  >
                    <X aria-hidden />
                    <span className="hidden lg:inline">{t('pending.reject')}</span>
                  </Button>
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Dialog open={decision !== null} onOpenChange={(isOpen) => !isOpen && setDecision(null)}>
        {decision && (
          <DialogContent>
            <DialogHeader>
              <DialogTitle>
                {decision.approve ? t('pending.approveTitle') : t('pending.rejectTitle')}
              </DialogTitle>
              <DialogDescription>
                {decision.approve
                  ? t('pending.approveText', { name: decision.name })
                  : t('pending.rejectText', { name: decision.name })}
              </DialogDescription>
            </DialogHeader>
            {!decision.approve && (
              <div className="grid gap-2">
                <Label htmlFor="reject-reason">{t('columns.reason')}</Label>
                <Textarea
                  id="reject-reason"
                  value={motivo}
                  maxLength={1000}
                  onChange={(event) => setMotivo(event.target.value)}
                />
              </div>
            )}
            <DialogFooter>
              <Button variant="outline" onClick={() => setDecision(null)}>
                {t('cancel')}
              </Button>
              <Button
                variant={decision.approve ? 'default' : 'destructive'}
                disabled={decide.isPending || (!decision.approve && motivo.trim() === '')}
                onClick={confirm}
              >
                {decision.approve ? t('pending.approve') : t('pending.reject')}
              </Button>
            </DialogFooter>
          </DialogContent>
        )}
      </Dialog>
    </>
  )
}
