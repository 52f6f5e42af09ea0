import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { QrCode, Receipt } from 'lucide-react'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { Spinner } from '../../components/ui/spinner'
import { formatDateBR } from '../../lib/br/dates'
import { formatBRL } from '../../lib/br/money'
import type { PortalCharge } from './portal.data.schema'
import { EmptyLine } from './portal-parts'
import { PortalPixDialog } from './portal-pix-dialog'
import { downloadPortalReceipt } from './use-portal'

/**
 * 'Cobranças' of the portal's home (issue 26): open ones first (the server orders them), each with 'Pagar com
 * Pix'; paid ones with 'Recibo' (PDF).
 */
export function ChargeList({ officeId, charges }: { officeId: string; charges: PortalCharge[] }) {
  const { t } = useTranslation('portal')
  const [pixFor, setPixFor] = useState<string | null>(null)
  if (charges.length === 0) return <EmptyLine text={t('charges.empty')} />
  return (
    <>
      <ul className="grid gap-2" data-testid="portal-charges">
        {charges.map((charge) => (
          <ChargeRow key={charge.id} officeId={officeId} charge={charge} onPix={() => setPixFor(charge.id)} />
        ))}
      </ul>
      <PortalPixDialog
        officeId={officeId}
        entryId={pixFor ?? ''}
        open={pixFor !== null}
        onOpenChange={(open) => !open && setPixFor(null)}
      />
    </>
  )
}

function ChargeRow({
  officeId,
  charge,
  onPix,
}: {
  officeId: string
  charge: PortalCharge
  onPix: () => void
}) {
  const { t } = useTranslation('portal')
  const [busy, setBusy] = useState(false)
  const describedBy = `portal-charge-${charge.id}`
  const paid = charge.status === 'pago'

  async function receipt() {
    setBusy(true)
    try {
      await downloadPortalReceipt(officeId, charge.id)
    } catch (error) {
      toast.error(t('charges.receiptError'), {
        description: error instanceof Error ? error.message : undefined,
      })
    } finally {
      setBusy(false)
    }
  }

  return (
    <li
      className="flex flex-wrap items-center gap-3 rounded-md border p-3 text-sm"
      data-testid="portal-charge"
    >
      <div id={describedBy} className="grid min-w-0 flex-1 gap-0.5">
        <p className="font-medium break-words">{charge.descricao}</p>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-muted-foreground">
          <span className="font-semibold text-foreground tabular-nums">{formatBRL(charge.valor)}</span>
          <span>
            {paid && charge.dataPagamento
              ? t('charges.paidOn', { date: formatDateBR(charge.dataPagamento) })
              : t('charges.dueOn', { date: formatDateBR(charge.dataVencimento) })}
          </span>
          <Badge variant={paid ? 'success' : charge.status === 'vencido' ? 'warning' : 'secondary'}>
            {t(`charges.status.${charge.status}`)}
          </Badge>
        </p>
      </div>
      {paid ? (
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => void receipt()}
          disabled={busy}
          aria-describedby={describedBy}
        >
          {busy ? <Spinner label={t('charges.receiptLoading')} /> : <Receipt aria-hidden />}
          {t('charges.receipt')}
        </Button>
      ) : (
        <Button type="button" size="sm" onClick={onPix} aria-describedby={describedBy}>
          <QrCode aria-hidden />
          {t('charges.payPix')}
        </Button>
      )}
    </li>
  )
}
