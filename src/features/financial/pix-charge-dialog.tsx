import { Settings } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
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
import { ApiRequestError } from '../../lib/api-client'
import { formatDateBR } from '../../lib/br/dates'
import { formatBRL } from '../../lib/br/money'
import { paths } from '../../lib/paths'
import { PIX_NOT_CONFIGURED, type PixChargeDto } from './pix.schema'
import { useIssuePixCharge } from './proposals-hooks'
import { PixCopyPaste } from './pix-copy-paste'
import { useQrDataUrl } from '../../lib/use-qr-data-url'

/**
 * 'Pix' on a pending receita's row (issue 11): the static BR Code of the entry — QR and "Pix copia e cola" —
 * with its amount and due date. When the office has no Pix key yet, it says where to set one.
 */
export function PixChargeDialog({
  entryId,
  open,
  onOpenChange,
}: {
  entryId: string
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const { t } = useTranslation('financial')
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{t('pix.title')}</DialogTitle>
          <DialogDescription>{t('pix.description')}</DialogDescription>
        </DialogHeader>
        {open && <PixChargeBody entryId={entryId} onClose={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  )
}

function PixChargeBody({ entryId, onClose }: { entryId: string; onClose: () => void }) {
  const { t } = useTranslation('financial')
  const charge = useIssuePixCharge()
  const { mutate } = charge
  // Opening the dialog issues the charge, once per opening: the ref survives StrictMode's second effect run.
  const issued = useRef(false)
  useEffect(() => {
    if (issued.current) return
    issued.current = true
    mutate(entryId)
  }, [entryId, mutate])

  if (charge.isIdle || charge.isPending) {
    return (
      <div className="flex items-center justify-center gap-2 py-10 text-sm text-muted-foreground">
        <Spinner label={t('pix.loading')} />
        <span aria-hidden>{t('pix.loading')}</span>
      </div>
    )
  }
  if (charge.isError) {
    const error = charge.error
    const notConfigured = error instanceof ApiRequestError && error.code === PIX_NOT_CONFIGURED
    return (
      <div className="grid gap-4">
        <p
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive"
        >
          {error.message}
        </p>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            {t('pix.close')}
          </Button>
          {notConfigured ? (
            <Button asChild>
              <Link to={paths.dashboard.advancedSettings}>
                <Settings aria-hidden />
                {t('pix.goToSettings')}
              </Link>
            </Button>
          ) : (
            <Button type="button" onClick={() => charge.mutate(entryId)}>
              {t('pix.retry')}
            </Button>
          )}
        </DialogFooter>
      </div>
    )
  }
  if (!charge.data) return null
  return <PixChargeDetails charge={charge.data} onClose={onClose} />
}

function PixChargeDetails({ charge, onClose }: { charge: PixChargeDto; onClose: () => void }) {
  const { t } = useTranslation('financial')
  const valor = formatBRL(charge.valor)
  const qr = useQrDataUrl(charge.payload, 220)

  return (
    <div className="grid gap-4">
      <div className="flex justify-center">
        {qr === null ? (
          <Skeleton className="size-[220px]" />
        ) : qr ? (
          <img
            src={qr}
            alt={t('pix.qrAlt', { valor })}
            width={220}
            height={220}
            className="rounded-md border bg-white p-1"
            data-testid="pix-qr"
          />
        ) : null}
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">{t('pix.valor')}</dt>
        <dd className="font-semibold tabular-nums" data-testid="pix-valor">
          {valor}
        </dd>
        <dt className="text-muted-foreground">{t('pix.vencimento')}</dt>
        <dd>{formatDateBR(charge.dataVencimento)}</dd>
        <dt className="text-muted-foreground">{t('pix.lancamento')}</dt>
        <dd className="break-words">{charge.descricao}</dd>
        <dt className="text-muted-foreground">{t('pix.recebedor')}</dt>
        <dd className="break-words">
          {charge.recebedor} · {charge.cidade}
        </dd>
        <dt className="text-muted-foreground">{t('pix.txid')}</dt>
        <dd className="font-mono text-xs break-all">{charge.txid}</dd>
      </dl>
      <PixCopyPaste payload={charge.payload} inputId="pix-copia-e-cola" onClose={onClose} />
    </div>
  )
}
