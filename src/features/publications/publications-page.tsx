import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useInfiniteQuery } from '@tanstack/react-query'
import { IdCard, Newspaper } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { ListError, ListSkeleton, LoadMore } from '../../components/list-page/list-states'
import { Button } from '../../components/ui/button'
import { Card, CardContent } from '../../components/ui/card'
import { EmptyState } from '../../components/ui/empty-state'
import { formatCnj } from '../../lib/br/cnj'
import { useDebouncedValue } from '../../lib/use-debounced-value'
import { DeadlineDialog, type DeadlineDefaults } from '../agenda/agenda.public'
import { useSession } from '../auth/auth.public'
import { CaseFormDialog, type CaseFormValues } from '../cases/cases.public'
import { accessLevel } from '../offices/offices.public'
import { CaptureBar } from './capture-bar'
import { LinkCaseDialog } from './link-case-dialog'
import { MonitoredOabsDialog } from './monitored-oabs-dialog'
import { PublicationCard, type PublicationActions } from './publication-card'
import { PublicationFiltersBar } from './publication-filters'
import { PublicationStats } from './publication-stats'
import type { PublicationItem } from './publications.schema'
import {
  EMPTY_FILTERS,
  fetchCasePrefill,
  fetchPrazoCase,
  fetchPrazoPrefill,
  getPublicationsQueryOptions,
  useLinkPublicationCase,
  useLinkPublicationPrazo,
  useSetPublicationStatus,
  type InboxFilters,
} from './use-publications'

const SEARCH_DEBOUNCE_MS = 300
const countFormat = new Intl.NumberFormat('pt-BR')

type DialogName = 'prazo' | 'link' | 'case' | 'oabs' | null

/** The fields of GET /api/cases/:id that label the case (and its client) in the deadline dialog. */
interface CaseLabels {
  id: string
  titulo: string
  numeroProcesso: string | null
  clientId: string | null
  clientNome: string | null
}

/** /dashboard/publicacoes — 'Publicações e Intimações' (issue 27). */
export function PublicationsPage() {
  const { t } = useTranslation('publications')
  // The browser hides what the server denies: adding/removing an OAB is the sócios' ('publications.oabs').
  const nivel = useSession().data?.office?.nivelAcesso
  const canEditOabs = nivel !== undefined && accessLevel(nivel, 'publications.oabs') === 'full'

  const [filters, setFilters] = useState<InboxFilters>(EMPTY_FILTERS)
  const [searchText, setSearchText] = useState('')
  const q = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS)
  const query = useMemo(() => ({ ...filters, q }), [filters, q])
  const list = useInfiniteQuery(getPublicationsQueryOptions(query))
  const items = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data])
  const isFiltered = JSON.stringify(query) !== JSON.stringify(EMPTY_FILTERS)

  useEffect(() => {
    if (list.isError) toast.error(t('toast.loadError'), { description: list.error.message })
  }, [list.isError, list.error, t])

  const setStatus = useSetPublicationStatus()
  const linkPrazo = useLinkPublicationPrazo()
  const linkCase = useLinkPublicationCase()

  const [dialog, setDialog] = useState<DialogName>(null)
  // Kept after close so a closing dialog keeps its content during its exit animation.
  const [current, setCurrent] = useState<PublicationItem | null>(null)
  const [prazoDefaults, setPrazoDefaults] = useState<DeadlineDefaults>({})
  const [caseDefaults, setCaseDefaults] = useState<Partial<CaseFormValues>>({})
  const [busyId, setBusyId] = useState<string | null>(null)

  // Focus goes back to what opened a dialog, or to the page title when that element is gone.
  const titleRef = useRef<HTMLHeadingElement>(null)
  const openerRef = useRef<HTMLElement | null>(null)
  function rememberOpener() {
    const active = document.activeElement
    openerRef.current = active instanceof HTMLElement ? active : null
  }
  const returnFocus = useCallback((event: Event) => {
    event.preventDefault()
    const opener = openerRef.current
    if (opener?.isConnected) opener.focus()
    else titleRef.current?.focus()
  }, [])
  const onOpenChange = useCallback((open: boolean) => !open && setDialog(null), [])

  async function prepare(item: PublicationItem, load: () => Promise<void>, which: DialogName) {
    rememberOpener()
    setBusyId(item.id)
    try {
      await load()
      setCurrent(item)
      setDialog(which)
    } catch (error) {
      toast.error(t('toast.prefillError'), { description: (error as Error).message })
    } finally {
      setBusyId(null)
    }
  }

  const actions: PublicationActions = {
    busyId,
    onCriarPrazo: (item) =>
      void prepare(
        item,
        async () => {
          const prefill = await fetchPrazoPrefill(item.id)
          const found = prefill.caseId
            ? await fetchPrazoCase(prefill.caseId).catch((): CaseLabels | null => null)
            : null
          setPrazoDefaults({
            disponibilizacao: prefill.disponibilizacao,
            tribunal: prefill.tribunal,
            dias: prefill.dias,
            titulo: prefill.titulo,
            descricao: prefill.descricao,
            ...(found
              ? {
                  caso: {
                    id: found.id,
                    label: found.numeroProcesso ? `${found.titulo} · ${found.numeroProcesso}` : found.titulo,
                  },
                  ...(found.clientId && found.clientNome
                    ? { cliente: { id: found.clientId, label: found.clientNome } }
                    : {}),
                }
              : {}),
          })
        },
        'prazo',
      ),
    onCriarCaso: (item) =>
      void prepare(
        item,
        async () => {
          const prefill = await fetchCasePrefill(item.id)
          setCaseDefaults({
            titulo: prefill.titulo,
            numeroProcesso: prefill.numeroProcesso ? formatCnj(prefill.numeroProcesso) : '',
            tribunal: prefill.tribunal,
            vara: prefill.vara ?? '',
          })
        },
        'case',
      ),
    onVincular: (item) => {
      rememberOpener()
      setCurrent(item)
      setDialog('link')
    },
    onSetStatus: (item, status) =>
      setStatus.mutate(
        { id: item.id, status },
        {
          onSuccess: () => toast.success(status === 'tratada' ? t('toast.treated') : t('toast.reopened')),
          onError: (error) => toast.error(t('toast.statusError'), { description: error.message }),
        },
      ),
  }

  // The prazo is saved by the agenda; then the item records it (counts in 'Prazos criados', becomes Tratada).
  async function onPrazoCreated(event: { id: string }) {
    if (!current) return
    try {
      await linkPrazo.mutateAsync({ id: current.id, eventId: event.id })
    } catch (error) {
      toast.error(t('toast.prazoLinkError'), { description: (error as Error).message })
    }
  }

  async function onCaseCreated(caseId: string) {
    if (!current) return
    try {
      await linkCase.mutateAsync({ id: current.id, caseId })
    } catch (error) {
      toast.error(t('toast.caseLinkError'), { description: (error as Error).message })
    }
  }

  return (
    <div className="mx-auto grid w-full max-w-7xl grid-cols-1 gap-6 p-4 md:p-6">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1">
          <h1 ref={titleRef} tabIndex={-1} className="text-2xl font-semibold tracking-tight outline-none">
            {t('title')}
          </h1>
          <p className="text-sm text-muted-foreground">{t('subtitle')}</p>
          <Button
            variant="outline"
            size="sm"
            className="mt-2 justify-self-start"
            onClick={() => {
              rememberOpener()
              setDialog('oabs')
            }}
          >
            <IdCard aria-hidden />
            {t('oabs.title')}
          </Button>
        </div>
        <CaptureBar />
      </header>

      <PublicationStats />

      <Card className="gap-4 py-4">
        <CardContent className="grid grid-cols-1 gap-4 px-4">
          <PublicationFiltersBar
            filters={filters}
            onChange={setFilters}
            searchText={searchText}
            onSearchTextChange={setSearchText}
            onClear={() => {
              setFilters(EMPTY_FILTERS)
              setSearchText('')
            }}
          />
          {list.isPending ? (
            <ListSkeleton />
          ) : list.isError && items.length === 0 ? (
            <ListError
              title={t('error.title')}
              message={list.error.message}
              retryLabel={t('error.retry')}
              onRetry={() => void list.refetch()}
            />
          ) : items.length === 0 ? (
            <EmptyState
              icon={<Newspaper />}
              title={t('empty.title')}
              description={isFiltered ? t('empty.filteredDescription') : t('empty.description')}
            />
          ) : (
            <div className="grid grid-cols-1 gap-3" aria-busy={list.isFetching}>
              <ul className="grid gap-3" aria-label={t('list.label')}>
                {items.map((item) => (
                  <li key={item.id}>
                    <PublicationCard item={item} {...actions} />
                  </li>
                ))}
              </ul>
              <LoadMore
                showingText={t('list.showing', {
                  count: items.length,
                  formatted: countFormat.format(items.length),
                })}
                hasNextPage={list.hasNextPage}
                isFetchingNextPage={list.isFetchingNextPage}
                onLoadMore={() => void list.fetchNextPage()}
                loadMoreLabel={t('list.loadMore')}
                loadingMoreLabel={t('list.loadingMore')}
              />
            </div>
          )}
        </CardContent>
      </Card>

      <DeadlineDialog
        open={dialog === 'prazo'}
        onOpenChange={onOpenChange}
        defaults={prazoDefaults}
        onCreated={onPrazoCreated}
      />
      <CaseFormDialog
        open={dialog === 'case'}
        caseId={null}
        onOpenChange={onOpenChange}
        onCloseAutoFocus={returnFocus}
        initialValues={caseDefaults}
        onCreated={onCaseCreated}
      />
      <LinkCaseDialog item={current} open={dialog === 'link'} onOpenChange={onOpenChange} />
      <MonitoredOabsDialog open={dialog === 'oabs'} onOpenChange={onOpenChange} canEdit={canEditOabs} />
    </div>
  )
}
