import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Plus, Trash2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { ListError, ListSkeleton } from '../../components/list-page/list-states'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog'
import { FormField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select'
import { ApiRequestError } from '../../lib/api-client'
import { formatDateTimeBR } from '../../lib/br/dates'
import { UFS } from '../../lib/br/uf'
import type { MonitoredOab } from './publications.schema'
import { formatTimeSP } from './publication-time'
import { getMonitoredOabsQueryOptions, useAddOab, useRemoveOab } from './use-publications'

/** 'OABs monitoradas': every member's profile OAB (automatic) plus the ones a sócio added. */
export function MonitoredOabsDialog({
  open,
  onOpenChange,
  canEdit,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Sócios add and remove (the server refuses everyone else too). */
  canEdit: boolean
}) {
  const { t } = useTranslation('publications')
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{t('oabs.title')}</DialogTitle>
          <DialogDescription>{t('oabs.description')}</DialogDescription>
        </DialogHeader>
        {open && <OabsBody canEdit={canEdit} />}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            {t('oabs.close')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

function OabsBody({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation('publications')
  const oabs = useQuery(getMonitoredOabsQueryOptions())
  const remove = useRemoveOab()

  function onRemove(oab: MonitoredOab) {
    remove.mutate(oab.id, {
      onSuccess: () => toast.success(t('oabs.removed'), { description: oab.formatted }),
      onError: (error) => toast.error(t('oabs.removeError'), { description: error.message }),
    })
  }

  return (
    <div className="grid gap-4">
      {oabs.isPending ? (
        <ListSkeleton />
      ) : oabs.isError ? (
        <ListError
          title={t('oabs.loadError')}
          message={oabs.error.message}
          retryLabel={t('error.retry')}
          onRetry={() => void oabs.refetch()}
        />
      ) : oabs.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('oabs.empty')}</p>
      ) : (
        <ul className="grid gap-2" aria-label={t('oabs.title')}>
          {oabs.data.map((oab) => (
            <li
              key={oab.id}
              data-testid="monitored-oab"
              className="flex items-start justify-between gap-3 rounded-md border p-3"
            >
              <div className="grid min-w-0 gap-1">
                <p className="font-medium tabular-nums">{oab.formatted}</p>
                <p className="text-sm break-words text-muted-foreground">
                  {oab.origin === 'perfil' && oab.owner
                    ? t('oabs.fromProfile', { nome: oab.owner.nome })
                    : t('oabs.manual')}
                </p>
                <p className="text-xs text-muted-foreground">
                  {oab.lastSuccessAt
                    ? t('oabs.lastSuccess', { date: formatDateTimeBR(oab.lastSuccessAt) })
                    : t('oabs.neverSearched')}
                </p>
                {oab.lastError && oab.nextRetryAt && (
                  <Badge variant="warning">
                    {t('oabs.failing', { time: formatTimeSP(oab.nextRetryAt) })}
                  </Badge>
                )}
              </div>
              {canEdit && oab.origin === 'manual' && (
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={t('oabs.remove', { oab: oab.formatted })}
                  disabled={remove.isPending}
                  onClick={() => onRemove(oab)}
                >
                  <Trash2 aria-hidden />
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {canEdit ? <AddOabForm /> : <p className="text-sm text-muted-foreground">{t('oabs.onlySocios')}</p>}
    </div>
  )
}

function AddOabForm() {
  const { t } = useTranslation('publications')
  const add = useAddOab()
  const [numero, setNumero] = useState('')
  const [uf, setUf] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault()
    setErrors({})
    try {
      const created = await add.mutateAsync({ numero, uf })
      toast.success(t('oabs.added'), { description: created.formatted })
      setNumero('')
      setUf('')
    } catch (error) {
      if (error instanceof ApiRequestError) setErrors(error.fields)
      toast.error(t('oabs.addError'), { description: (error as Error).message })
    }
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid gap-3 border-t pt-4 sm:grid-cols-[minmax(0,1fr)_6rem_auto] sm:items-start"
    >
      <FormField label={t('oabs.numero')} htmlFor="oab-numero" error={errors.numero}>
        <Input
          id="oab-numero"
          inputMode="numeric"
          autoComplete="off"
          maxLength={10}
          aria-required
          placeholder={t('oabs.numeroPlaceholder')}
          value={numero}
          onChange={(e) => setNumero(e.target.value)}
        />
      </FormField>
      <FormField label={t('oabs.uf')} htmlFor="oab-uf" error={errors.uf}>
        <Select value={uf} onValueChange={setUf}>
          <SelectTrigger id="oab-uf" aria-required>
            <SelectValue placeholder={t('oabs.ufPlaceholder')} />
          </SelectTrigger>
          <SelectContent className="max-h-72">
            {UFS.map((value) => (
              <SelectItem key={value} value={value}>
                {value}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </FormField>
      <Button type="submit" className="sm:mt-[1.375rem]" disabled={add.isPending}>
        <Plus aria-hidden />
        {add.isPending ? t('oabs.adding') : t('oabs.add')}
      </Button>
    </form>
  )
}
