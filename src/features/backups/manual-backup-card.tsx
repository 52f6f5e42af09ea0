import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { Checkbox } from '../../components/ui/checkbox'
import { Label } from '../../components/ui/label'
import { BACKUP_PARTS, type BackupPart } from './backups.schema'
import { useCreateBackup } from './use-backups'

const errorText = (error: unknown) => (error instanceof Error ? error.message : undefined)

/** The spec's manual-backup checklist (client data, cases, documents, system settings) and 'Criar Backup'. */
export function ManualBackupCard() {
  const { t } = useTranslation('backups')
  const [parts, setParts] = useState<Set<BackupPart>>(() => new Set(BACKUP_PARTS))
  const create = useCreateBackup()

  const toggle = (part: BackupPart, checked: boolean) =>
    setParts((current) => {
      const next = new Set(current)
      if (checked) next.add(part)
      else next.delete(part)
      return next
    })

  const start = () =>
    create.mutate(
      BACKUP_PARTS.filter((part) => parts.has(part)),
      {
        onSuccess: () => toast.success(t('toast.started'), { description: t('toast.startedDescription') }),
        onError: (error) =>
          toast.error(t('toast.createError'), { description: errorText(error) ?? t('toast.tryLater') }),
      },
    )

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t('manual.title')}</h2>
        </CardTitle>
        <CardDescription>{t('manual.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <fieldset className="grid gap-2">
          <legend className="sr-only">{t('manual.title')}</legend>
          {BACKUP_PARTS.map((part) => {
            const id = `backup-part-${part}`
            return (
              <div key={part} className="flex min-h-9 items-center gap-2">
                <Checkbox
                  id={id}
                  checked={parts.has(part)}
                  onCheckedChange={(checked) => toggle(part, checked === true)}
                />
                <Label htmlFor={id} className="font-normal">
                  {t(`manual.parts.${part}`)}
                </Label>
              </div>
            )
          })}
        </fieldset>
        <Button className="w-full sm:w-fit" onClick={start} disabled={parts.size === 0 || create.isPending}>
          {create.isPending ? t('manual.creating') : t('manual.create')}
        </Button>
      </CardContent>
    </Card>
  )
}
