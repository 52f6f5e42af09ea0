import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { CalendarClock } from 'lucide-react'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { Input } from '../../components/ui/input'
import { Label } from '../../components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select'
import { Switch } from '../../components/ui/switch'
import type { PlatformBackupOverview, PlatformBackupSchedule } from './platform-backup.schema'
import { useUpdateRetention, useUpdateSchedule } from './use-platform-backup'

const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const

/** The two schedules (spec §9: daily 02:00, weekly Sunday 01:00), editable, and the retention in days. */
export function BackupSchedulesCard({ data }: { data: PlatformBackupOverview }) {
  const { t } = useTranslation('platform-backup')
  const retention = useUpdateRetention()
  const [dias, setDias] = useState(String(data.retencaoDias))
  const saveRetention = () =>
    retention.mutate(Number(dias), {
      onSuccess: () => toast.success(t('schedules.saved')),
      onError: (error) => toast.error(error instanceof Error ? error.message : t('tryLater')),
    })
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarClock className="size-5" aria-hidden />
          {t('schedules.title')}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {data.schedules.map((schedule) => (
          <ScheduleRow
            key={`${schedule.tipo}-${schedule.hora}-${schedule.diaSemana}-${schedule.ativo}`}
            schedule={schedule}
          />
        ))}
        <div className="flex flex-wrap items-end gap-2 border-t pt-4">
          <div className="space-y-1">
            <Label htmlFor="retencao">{t('schedules.retention')}</Label>
            <Input
              id="retencao"
              type="number"
              min={1}
              max={3650}
              className="w-28"
              value={dias}
              onChange={(event) => setDias(event.target.value)}
            />
          </div>
          <Button variant="outline" onClick={saveRetention} disabled={retention.isPending}>
            {t('schedules.save')}
          </Button>
        </div>
      </CardContent>
    </Card>
  )
}

function ScheduleRow({ schedule }: { schedule: PlatformBackupSchedule }) {
  const { t } = useTranslation('platform-backup')
  const update = useUpdateSchedule()
  const [hora, setHora] = useState(schedule.hora)
  const [dia, setDia] = useState(String(schedule.diaSemana ?? 0))
  const id = `schedule-${schedule.tipo}`
  const save = (patch: Parameters<typeof update.mutate>[0]['patch']) =>
    update.mutate(
      { tipo: schedule.tipo, patch },
      {
        onSuccess: () => toast.success(t('schedules.saved')),
        onError: (error) => toast.error(error instanceof Error ? error.message : t('tryLater')),
      },
    )
  const summary =
    schedule.tipo === 'diario'
      ? t('schedules.dailyAt', { hora: schedule.hora })
      : t('schedules.weeklyAt', { dia: t(`weekday.${schedule.diaSemana ?? 0}`), hora: schedule.hora })
  return (
    <div className="space-y-2 rounded-md border p-3" data-testid={id}>
      <div className="flex items-center justify-between gap-2">
        <div>
          <p className="font-medium">{t(`schedules.${schedule.tipo}`)}</p>
          <p className="text-muted-foreground text-sm">{summary}</p>
        </div>
        <div className="flex items-center gap-2">
          <Label htmlFor={`${id}-ativo`} className="text-sm">
            {schedule.ativo ? t('schedules.active') : t('schedules.inactive')}
          </Label>
          <Switch
            id={`${id}-ativo`}
            checked={schedule.ativo}
            onCheckedChange={(ativo) => save({ ativo })}
            disabled={update.isPending}
          />
        </div>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <div className="space-y-1">
          <Label htmlFor={`${id}-hora`}>{t('schedules.time')}</Label>
          <Input
            id={`${id}-hora`}
            type="time"
            className="w-32"
            value={hora}
            onChange={(e) => setHora(e.target.value)}
          />
        </div>
        {schedule.tipo === 'semanal' && (
          <div className="space-y-1">
            <Label htmlFor={`${id}-dia`}>{t('schedules.weekday')}</Label>
            <Select value={dia} onValueChange={setDia}>
              <SelectTrigger id={`${id}-dia`} className="w-40">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {WEEKDAYS.map((d) => (
                  <SelectItem key={d} value={String(d)}>
                    {t(`weekday.${d}`)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        )}
        <Button
          variant="outline"
          disabled={update.isPending}
          onClick={() => save(schedule.tipo === 'semanal' ? { hora, diaSemana: Number(dia) } : { hora })}
        >
          {t('schedules.save')}
        </Button>
      </div>
    </div>
  )
}
