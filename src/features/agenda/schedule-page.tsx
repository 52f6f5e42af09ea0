import { useCallback, useEffect, useRef, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Calculator, CalendarSync, Landmark, Plus } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { toast } from 'sonner'
import { useReturnFocus } from '../../components/list-page/use-return-focus'
import { Button } from '../../components/ui/button'
import { Card, CardContent } from '../../components/ui/card'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs'
import { removeWithUndo } from '../../lib/use-undoable-delete'
import { AgendaStats } from './agenda-stats'
import type { EventRow } from './agenda.schema'
import { CalendarPanel } from './calendar-panel'
import { PRAZO_CASE_PARAM } from './case-deadline-button'
import { CourtCalendarDialog } from './court-calendar-dialog'
import { DeadlineDialog } from './deadline-dialog'
import { EventDialog, type EventDefaults } from './event-dialog'
import type { EventActions } from './event-card'
import { EventFiltersBar, EventsList } from './events-list'
import { SubscribeDialog } from './subscribe-dialog'
import {
  getCaseForPrazoQueryOptions,
  useConfirmEvent,
  useDeleteEvent,
  useRestoreEvent,
  type EventFilters,
} from './use-agenda'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

type View = 'list' | 'calendar'
type Dialog = 'event' | 'prazo' | 'courts' | 'feed' | null

/** /dashboard/schedule — 'Agenda & Prazos' (spec §2, issue 9). ?view=calendar opens the calendar. */
export function SchedulePage() {
  const { t } = useTranslation('agenda')
  const [searchParams, setSearchParams] = useSearchParams()
  const view: View = searchParams.get('view') === 'calendar' ? 'calendar' : 'list'
  const [filters, setFilters] = useState<EventFilters>({ tipo: 'todos', status: 'todos' })

  const [dialog, setDialog] = useState<Dialog>(null)
  // Kept after close so the closing dialog keeps its content during its exit.
  const [editing, setEditing] = useState<EventRow | null>(null)
  const confirm = useConfirmEvent()
  const deleteEvent = useDeleteEvent()
  const restoreEvent = useRestoreEvent()

  // Focus goes back to what opened a dialog, or to the page title when that element is gone.
  const titleRef = useRef<HTMLHeadingElement>(null)
  const { remember, returnFocus } = useReturnFocus(titleRef)
  function open(which: Exclude<Dialog, null>, event: EventRow | null = null) {
    remember()
    if (which === 'prazo') setPrazoDefaults({})
    setEditing(event)
    setDialog(which)
  }
  const onOpenChange = useCallback((isOpen: boolean) => !isOpen && setDialog(null), [])

  // ?prazoCaseId= (the case screen's 'Calcular prazo'): the deadline dialog with that case preselected.
  const prazoCaseParam = searchParams.get(PRAZO_CASE_PARAM)
  const prazoCaseId = prazoCaseParam && UUID.test(prazoCaseParam) ? prazoCaseParam : null
  const prazoCase = useQuery({
    ...getCaseForPrazoQueryOptions(prazoCaseId ?? ''),
    enabled: prazoCaseId !== null,
  })
  const [prazoDefaults, setPrazoDefaults] = useState<Omit<EventDefaults, 'data'>>({})
  useEffect(() => {
    if (!prazoCaseId || !(prazoCase.data || prazoCase.isError)) return
    const found = prazoCase.data
    setPrazoDefaults(
      found
        ? {
            caso: {
              id: found.id,
              label: found.numeroProcesso ? `${found.titulo} · ${found.numeroProcesso}` : found.titulo,
            },
            ...(found.clientId && found.clientNome
              ? { cliente: { id: found.clientId, label: found.clientNome } }
              : {}),
          }
        : {},
    )
    setDialog('prazo')
    setSearchParams(
      (params) => {
        params.delete(PRAZO_CASE_PARAM)
        return params
      },
      { replace: true },
    )
  }, [prazoCaseId, prazoCase.data, prazoCase.isError, setSearchParams])

  const actions: EventActions = {
    onEdit: (event) => open('event', event),
    onConfirm: (event) =>
      confirm.mutate(event.id, {
        onSuccess: () => toast.success(t('toast.confirmed'), { description: event.titulo }),
        onError: (error) => toast.error(t('toast.confirmError'), { description: error.message }),
      }),
    onRemove: (event) => {
      titleRef.current?.focus()
      removeWithUndo({
        remove: () => deleteEvent.mutateAsync(event.id),
        restore: () => restoreEvent.mutateAsync(event.id),
        description: event.titulo,
        t,
      })
    },
  }

  return (
    <div className="mx-auto grid w-full max-w-7xl grid-cols-1 gap-6 p-4 md:p-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h1 ref={titleRef} tabIndex={-1} className="text-2xl font-semibold tracking-tight outline-none">
            {t('title')}
          </h1>
          <p className="text-sm text-muted-foreground">{t('subtitle')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => open('feed')}>
            <CalendarSync aria-hidden />
            {t('subscribe')}
          </Button>
          <Button variant="outline" onClick={() => open('courts')}>
            <Landmark aria-hidden />
            {t('courts')}
          </Button>
          <Button variant="outline" onClick={() => open('prazo')}>
            <Calculator aria-hidden />
            {t('calcPrazo')}
          </Button>
          <Button onClick={() => open('event')}>
            <Plus aria-hidden />
            {t('newEvent')}
          </Button>
        </div>
      </header>

      <AgendaStats />

      <Tabs
        value={view}
        onValueChange={(value) =>
          setSearchParams(value === 'calendar' ? { view: 'calendar' } : {}, { replace: true })
        }
      >
        <TabsList aria-label={t('view.label')}>
          <TabsTrigger value="list">{t('view.list')}</TabsTrigger>
          <TabsTrigger value="calendar">{t('view.calendar')}</TabsTrigger>
        </TabsList>
        <TabsContent value="list">
          <Card className="gap-4 py-4">
            <CardContent className="grid grid-cols-1 gap-4 px-4">
              <EventFiltersBar filters={filters} onChange={setFilters} />
              {view === 'list' && <EventsList filters={filters} onNew={() => open('event')} {...actions} />}
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="calendar">
          <Card className="gap-4 py-4">
            <CardContent className="px-2 sm:px-4">
              {view === 'calendar' && <CalendarPanel onOpenEvent={(event) => open('event', event)} />}
            </CardContent>
          </Card>
        </TabsContent>
      </Tabs>

      <EventDialog
        open={dialog === 'event'}
        onOpenChange={onOpenChange}
        event={editing}
        onRemove={actions.onRemove}
        onCloseAutoFocus={returnFocus}
      />
      <DeadlineDialog open={dialog === 'prazo'} onOpenChange={onOpenChange} defaults={prazoDefaults} />
      <CourtCalendarDialog open={dialog === 'courts'} onOpenChange={onOpenChange} />
      <SubscribeDialog open={dialog === 'feed'} onOpenChange={onOpenChange} />
    </div>
  )
}
