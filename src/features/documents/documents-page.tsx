import { useCallback, useMemo, useRef, useState } from 'react'
import { ArrowLeft, Upload, X } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { SearchBox } from '../../components/list-page/search-box'
import { useReturnFocus } from '../../components/list-page/use-return-focus'
import { useSearchText } from '../../components/list-page/use-search-text'
import { Button } from '../../components/ui/button'
import { Card, CardContent } from '../../components/ui/card'
import { Label } from '../../components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs'
import { removeWithUndo } from '../../lib/use-undoable-delete'
import { templatesTabSlot } from './document-slots'
import { DocumentEditDialog } from './document-edit-dialog'
import { DocumentFolders } from './document-folders'
import { DocumentStats } from './document-stats'
import { DocumentUploadDialog, type UploadDefaults } from './document-upload-dialog'
import { NewVersionDialog, VersionHistoryDialog } from './document-versions-dialog'
import {
  DOCUMENT_ACCESS_LEVELS,
  DOCUMENT_FOLDERS,
  type DocumentFolder,
  type DocumentRow,
} from './documents.schema'
import { DocumentsList } from './documents-list'
import type { DocumentActions } from './documents-table'
import {
  useDeleteDocument,
  useRestoreDocument,
  type AccessFilter,
  type DocumentFilters,
  type FolderFilter,
} from './use-documents'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

type View = 'list' | 'folders' | 'templates'
type RowDialog = { kind: 'edit' | 'version' | 'history'; document: DocumentRow } | null

/** /dashboard/documents — 'Gestão de Documentos' (spec §2). ?clientId= / ?caseId= narrow it to one record. */
export function DocumentsPage() {
  const { t } = useTranslation(['documents', 'templates'])
  const [searchParams, setSearchParams] = useSearchParams()
  const clientId = validId(searchParams.get('clientId'))
  const caseId = validId(searchParams.get('caseId'))

  const [view, setView] = useState<View>('list')
  // A link to one record's documents (e.g. from 'Gerar documento' in the Modelos tab) opens the list.
  const [shownRecord, setShownRecord] = useState(`${clientId}|${caseId}`)
  if (shownRecord !== `${clientId}|${caseId}`) {
    setShownRecord(`${clientId}|${caseId}`)
    setView('list')
  }
  const [openFolder, setOpenFolder] = useState<DocumentFolder | null>(null)
  const { searchText, setSearchText, search } = useSearchText()
  const [pasta, setPasta] = useState<FolderFilter>('todos')
  const [nivelAcesso, setNivelAcesso] = useState<AccessFilter>('todos')
  const filters = useMemo<DocumentFilters>(
    () => ({ search, pasta, nivelAcesso, clientId, caseId }),
    [search, pasta, nivelAcesso, clientId, caseId],
  )
  const folderFilters = useMemo<DocumentFilters>(
    () => ({ search: '', pasta: openFolder ?? 'todos', nivelAcesso: 'todos', clientId, caseId }),
    [openFolder, clientId, caseId],
  )

  // The record filter's label comes from the rows themselves (they carry the client's name / case's title).
  const [recordLabel, setRecordLabel] = useState<string | null>(null)
  const onRows = useCallback(
    (rows: DocumentRow[]) => {
      const row = rows[0]
      if (clientId && row?.cliente?.id === clientId) setRecordLabel(row.cliente.nomeCompleto)
      else if (caseId && row?.caso?.id === caseId) setRecordLabel(row.caso.titulo)
    },
    [clientId, caseId],
  )

  const [uploadOpen, setUploadOpen] = useState(false)
  const [rowDialog, setRowDialog] = useState<RowDialog>(null)
  // Kept after close so the closing dialog keeps its content during its exit.
  const [lastRowDialog, setLastRowDialog] = useState<RowDialog>(null)
  const deleteDocument = useDeleteDocument()
  const restoreDocument = useRestoreDocument()

  // Focus lands here when the element that had it goes away (a removed row's button).
  const searchRef = useRef<HTMLInputElement>(null)
  const { remember, returnFocus } = useReturnFocus(searchRef, openerOf)
  function openRowDialog(kind: 'edit' | 'version' | 'history', document: DocumentRow) {
    remember()
    const dialog = { kind, document }
    setRowDialog(dialog)
    setLastRowDialog(dialog)
  }
  const closeRowDialog = useCallback((open: boolean) => !open && setRowDialog(null), [])

  const actions: DocumentActions = {
    onEdit: (document) => openRowDialog('edit', document),
    onNewVersion: (document) => openRowDialog('version', document),
    onHistory: (document) => openRowDialog('history', document),
    onRemove: (document) => {
      searchRef.current?.focus()
      removeWithUndo({
        remove: () => deleteDocument.mutateAsync(document.id),
        restore: () => restoreDocument.mutateAsync(document.id),
        description: document.nome,
        t,
      })
    },
  }

  function clearRecordFilter() {
    setRecordLabel(null)
    setSearchParams({}, { replace: true })
  }

  const uploadDefaults: UploadDefaults = {
    pasta: view === 'folders' && openFolder ? openFolder : pasta !== 'todos' ? pasta : undefined,
    ...(clientId && recordLabel ? { clientId: { id: clientId, label: recordLabel } } : {}),
    ...(caseId && recordLabel ? { caseId: { id: caseId, label: recordLabel } } : {}),
  }
  const isFiltered = search !== '' || pasta !== 'todos' || nivelAcesso !== 'todos' || !!clientId || !!caseId
  const shown = lastRowDialog?.document ?? null

  return (
    <div className="mx-auto grid w-full max-w-7xl grid-cols-1 gap-6 p-4 md:p-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{t('title')}</h1>
          <p className="text-sm text-muted-foreground">{t('subtitle')}</p>
        </div>
        <Button onClick={() => setUploadOpen(true)}>
          <Upload aria-hidden />
          {t('upload')}
        </Button>
      </header>

      <DocumentStats />

      {(clientId || caseId) && (
        <div
          className="flex flex-wrap items-center gap-2 rounded-lg border bg-muted/40 px-3 py-2 text-sm"
          role="status"
        >
          <span className="min-w-0 truncate">
            {clientId
              ? recordLabel
                ? t('filter.client', { name: recordLabel })
                : t('filter.clientUnknown')
              : recordLabel
                ? t('filter.case', { name: recordLabel })
                : t('filter.caseUnknown')}
          </span>
          <Button variant="ghost" size="sm" onClick={clearRecordFilter}>
            <X aria-hidden />
            {t('filter.clear')}
          </Button>
        </div>
      )}

      <Tabs value={view} onValueChange={(value) => setView(value as View)}>
        <TabsList aria-label={t('view.label')}>
          <TabsTrigger value="list">{t('view.list')}</TabsTrigger>
          <TabsTrigger value="folders">{t('view.folders')}</TabsTrigger>
          <TabsTrigger value="templates">{t('tab.label', { ns: 'templates' })}</TabsTrigger>
        </TabsList>

        <TabsContent value="list">
          <Card className="gap-4 py-4">
            <CardContent className="grid grid-cols-1 gap-4 px-4">
              <div className="flex flex-col gap-3 md:flex-row md:items-end">
                <SearchBox
                  id="documents-search"
                  inputRef={searchRef}
                  label={t('search.label')}
                  placeholder={t('search.placeholder')}
                  value={searchText}
                  onChange={setSearchText}
                />
                <div className="grid gap-2 md:w-52">
                  <Label htmlFor="documents-folder-filter">{t('filter.folder')}</Label>
                  <Select value={pasta} onValueChange={(value) => setPasta(value as FolderFilter)}>
                    <SelectTrigger id="documents-folder-filter">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      <SelectItem value="todos">{t('filter.allFolders')}</SelectItem>
                      {DOCUMENT_FOLDERS.map((folder) => (
                        <SelectItem key={folder} value={folder}>
                          {t(`folder.${folder}`)}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                </div>
                <div className="grid gap-2 md:w-44">
                  <Label htmlFor="documents-access-filter">{t('filter.access')}</Label>
                  <Select
                    value={nivelAcesso}
                    onValueChange={(value) => setNivelAcesso(value as AccessFilter)}
                  >
                    <SelectTrigger id="documents-access-filter">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      <SelectItem value="todos">{t('filter.allAccess')}</SelectItem>
                      {DOCUMENT_ACCESS_LEVELS.map((level) => (
                        <SelectItem key={level} value={level}>
                          {t(`access.${level}`)}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                </div>
              </div>
              {view === 'list' && (
                <DocumentsList
                  filters={filters}
                  isFiltered={isFiltered}
                  onUpload={() => setUploadOpen(true)}
                  onRows={onRows}
                  {...actions}
                />
              )}
            </CardContent>
          </Card>
        </TabsContent>

        <TabsContent value="folders" className="grid gap-4">
          {openFolder === null ? (
            <DocumentFolders onOpen={setOpenFolder} />
          ) : (
            <Card className="gap-4 py-4">
              <CardContent className="grid grid-cols-1 gap-4 px-4">
                <div className="flex flex-wrap items-center gap-3">
                  <Button variant="outline" size="sm" onClick={() => setOpenFolder(null)}>
                    <ArrowLeft aria-hidden />
                    {t('folders.back')}
                  </Button>
                  <h2 className="text-lg font-semibold">{t(`folder.${openFolder}`)}</h2>
                </div>
                {view === 'folders' && (
                  <DocumentsList
                    filters={folderFilters}
                    isFiltered={!!clientId || !!caseId}
                    onUpload={() => setUploadOpen(true)}
                    onRows={onRows}
                    {...actions}
                  />
                )}
              </CardContent>
            </Card>
          )}
        </TabsContent>

        <TabsContent value="templates">{view === 'templates' && <templatesTabSlot.Slot />}</TabsContent>
      </Tabs>

      <DocumentUploadDialog open={uploadOpen} onOpenChange={setUploadOpen} defaults={uploadDefaults} />
      <DocumentEditDialog
        document={lastRowDialog?.kind === 'edit' ? shown : null}
        open={rowDialog?.kind === 'edit'}
        onOpenChange={closeRowDialog}
        onCloseAutoFocus={returnFocus}
      />
      <NewVersionDialog
        document={lastRowDialog?.kind === 'version' ? shown : null}
        open={rowDialog?.kind === 'version'}
        onOpenChange={closeRowDialog}
        onCloseAutoFocus={returnFocus}
      />
      <VersionHistoryDialog
        document={lastRowDialog?.kind === 'history' ? shown : null}
        open={rowDialog?.kind === 'history'}
        onOpenChange={closeRowDialog}
        onCloseAutoFocus={returnFocus}
      />
    </div>
  )
}

/** The element to refocus after a row dialog: a menu item goes away with its menu, so its menu's button. */
function openerOf(active: Element | null): HTMLElement | null {
  if (active?.closest('[role="menu"]')) {
    return globalThis.document.querySelector<HTMLElement>('[aria-haspopup="menu"][data-state="open"]')
  }
  return active instanceof HTMLElement ? active : null
}

function validId(value: string | null): string | null {
  return value && UUID.test(value) ? value : null
}
