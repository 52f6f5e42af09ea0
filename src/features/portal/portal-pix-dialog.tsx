import { useTranslation } from 'react-i18next'
import { Button } from '../../components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog'
import { Skeleton } from '../../components/ui/skeleton'
import { Spinner } from '../../components/ui/spinner'
import { formatDateBR } from '../../lib/br/dates'
import { formatBRL } from '../../lib/br/money'
import { PixCopyPaste } from '../financial/financial.public'
import { useQrDataUrl } from '../../lib/use-qr-data-url'
import type { PortalPixCharge } from './portal.data.schema'
import { usePortalPix } from './use-portal'

const QR_SIZE = 220

/**
 * 'Pagar com Pix' on an open charge (issue 26): the office's BR Code for it — the QR code, drawn as the
 * office's own Pix dialog draws it (src/lib/use-qr-data-url), and the "Pix copia e cola" text with 'Copiar código'.
 */
export function PortalPixDialog({
  officeId,
  entryId,
  open,
  onOpenChange,
}: {
  officeId: string
  entryId: string
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const { t } = useTranslation('portal')
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{t('pix.title')}</DialogTitle>
          <DialogDescription>{t('pix.description')}</DialogDescription>
        </DialogHeader>
        {open && <PixBody officeId={officeId} entryId={entryId} onClose={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  )
}

function PixBody({ officeId, entryId, onClose }: { officeId: string; entryId: string; onClose: () => void }) {
  const { t } = useTranslation('portal')
  const charge = usePortalPix(officeId, entryId)
  if (charge.isPending) {
    return (
      <div className="flex items-center justify-center gap-2 py-10 text-sm text-muted-foreground">
        <Spinner label={t('pix.loading')} />
        <span aria-hidden>{t('pix.loading')}</span>
      </div>
    )
  }
  if (charge.isError) {
    return (
      <div className="grid gap-4">
        <p
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive"
        >
          {charge.error.message}
        </p>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            {t('pix.close')}
          </Button>
          <Button type="button" onClick={() => void charge.refetch()}>
            {t('pix.retry')}
          </Button>
        </DialogFooter>
      </div>
    )
  }
  return <PixDetails charge={charge.data} onClose={onClose} />
}

function PixDetails({ charge, onClose }: { charge: PortalPixCharge; onClose: () => void }) {
  const { t } = useTranslation('portal')
  const valor = formatBRL(charge.valor)
  const qr = useQrDataUrl(charge.payload, QR_SIZE)

  return (
    <div className="grid gap-4">
      <div className="flex justify-center">
        {qr === null ? (
          <Skeleton className="size-[220px]" />
        ) : qr ? (
          <img
            src={qr}
            alt={t('pix.qrAlt', { valor })}
            width={QR_SIZE}
            height={QR_SIZE}
            className="rounded-md border bg-white p-1"
            data-testid="portal-pix-qr"
          />
        ) : null}
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">{t('pix.valor')}</dt>
        <dd className="font-semibold tabular-nums">{valor}</dd>
        <dt className="text-muted-foreground">{t('pix.vencimento')}</dt>
        <dd>{formatDateBR(charge.dataVencimento)}</dd>
        <dt className="text-muted-foreground">{t('pix.descricao')}</dt>
        <dd className="break-words">{charge.descricao}</dd>
        <dt className="text-muted-foreground">{t('pix.recebedor')}</dt>
        <dd className="break-words">{charge.recebedor}</dd>
      </dl>
      <PixCopyPaste payload={charge.payload} inputId="portal-pix-copia-e-cola" onClose={onClose} />
    </div>
  )
}
