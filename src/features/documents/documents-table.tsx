import { Download, Eye, History, MoreHorizontal, Pencil, Trash2, Upload } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { Card, CardContent } from '../../components/ui/card'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table'
import { formatDateBR } from '../../lib/br/dates'
import { paths } from '../../lib/paths'
import { useMediaQuery } from '../../lib/use-media-query'
import { cn } from '../../lib/utils'
import { sendForSignatureSlot, signatureBadgeSlot } from './document-slots'
import { folderDotClass } from './document-folders'
import { INLINE_FILE_TYPES, type DocumentAccessLevel, type DocumentRow } from './documents.schema'
import { formatSize } from './format-size'
import { SharedBadge } from './shared-badge'
import { documentFileUrl } from './use-documents'

export interface DocumentActions {
  onEdit: (document: DocumentRow) => void
  onNewVersion: (document: DocumentRow) => void
  onHistory: (document: DocumentRow) => void
  onRemove: (document: DocumentRow) => void
}

interface DocumentsTableProps extends DocumentActions {
  documents: DocumentRow[]
}

const ACCESS_VARIANT = {
  publico: 'secondary',
  restrito: 'warning',
  confidencial: 'outline',
} as const satisfies Record<DocumentAccessLevel, 'secondary' | 'warning' | 'outline'>

// The primitive's solid destructive badge measures under WCAG AA's 4.5:1 on the dark theme: a red tint instead.
const CONFIDENTIAL_CLASS =
  'border-red-300 bg-red-100 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200'

export function AccessBadge({ level }: { level: DocumentAccessLevel }) {
  const { t } = useTranslation('documents')
  return (
    <Badge
      variant={ACCESS_VARIANT[level]}
      className={level === 'confidencial' ? CONFIDENTIAL_CLASS : undefined}
    >
      {t(`access.${level}`)}
    </Badge>
  )
}

function TypeBadge({ document }: { document: DocumentRow }) {
  return (
    <Badge variant="outline" className="font-mono">
      {document.tipo}
    </Badge>
  )
}

function FolderName({ document }: { document: DocumentRow }) {
  const { t } = useTranslation('documents')
  return (
    <span className="inline-flex items-center gap-2">
      <span aria-hidden className={cn('size-2.5 shrink-0 rounded-full', folderDotClass(document.pasta))} />
      {t(`folder.${document.pasta}`)}
    </span>
  )
}

function Tags({ tags }: { tags: string[] }) {
  const { t } = useTranslation('documents')
  if (tags.length === 0) return null
  return (
    <ul className="flex flex-wrap gap-1" aria-label={t('columns.etiquetas')}>
      {tags.map((tag) => (
        <li key={tag}>
          <Badge variant="secondary" className="max-w-40 truncate font-normal" title={tag}>
            {tag}
          </Badge>
        </li>
      ))}
    </ul>
  )
}

/** The related client and case as links to their lists, filtered to them. */
function Related({ document }: { document: DocumentRow }) {
  const { cliente, caso } = document
  if (!cliente && !caso) return <span className="text-muted-foreground">—</span>
  return (
    <div className="grid min-w-0 gap-0.5 text-sm">
      {cliente && (
        <Link
          className="truncate text-primary underline-offset-4 hover:underline"
          to={`${paths.dashboard.crm}?${new URLSearchParams({ search: cliente.nomeCompleto })}`}
          title={cliente.nomeCompleto}
        >
          {cliente.nomeCompleto}
        </Link>
      )}
      {caso && (
        <Link
          className="truncate text-primary underline-offset-4 hover:underline"
          to={`${paths.dashboard.cases}?${new URLSearchParams({ search: caso.titulo })}`}
          title={caso.numeroProcesso ? `${caso.titulo} · ${caso.numeroProcesso}` : caso.titulo}
        >
          {caso.titulo}
        </Link>
      )}
    </div>
  )
}

/** View (PDF and images, new tab), download, edit, and a menu with new version, history and remove. */
function RowActions({
  document,
  withText,
  ...actions
}: { document: DocumentRow; withText: boolean } & DocumentActions) {
  const { t } = useTranslation('documents')
  const name = document.nome
  const size = withText ? 'sm' : 'icon'
  const canView = INLINE_FILE_TYPES.includes(document.tipo)
  return (
    <div className={cn('flex gap-1', withText ? 'flex-wrap' : 'justify-end')}>
      {canView && (
        <Button variant="ghost" size={size} asChild>
          <a
            href={documentFileUrl(document.id, { disposition: 'inline' })}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('actions.viewLabel', { name })}
            title={withText ? undefined : t('actions.viewLabel', { name })}
          >
            <Eye aria-hidden />
            {withText && t('actions.view')}
          </a>
        </Button>
      )}
      <Button variant="ghost" size={size} asChild>
        <a
          href={documentFileUrl(document.id, { disposition: 'attachment' })}
          download={document.originalName}
          aria-label={t('actions.downloadLabel', { name })}
          title={withText ? undefined : t('actions.downloadLabel', { name })}
        >
          <Download aria-hidden />
          {withText && t('actions.download')}
        </a>
      </Button>
      <sendForSignatureSlot.Slot document={document} withText={withText} />
      <Button
        variant="ghost"
        size={size}
        aria-label={t('actions.editLabel', { name })}
        title={withText ? undefined : t('actions.editLabel', { name })}
        onClick={() => actions.onEdit(document)}
      >
        <Pencil aria-hidden />
        {withText && t('actions.edit')}
      </Button>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            variant="ghost"
            size={size}
            aria-label={t('actions.moreLabel', { name })}
            title={withText ? undefined : t('actions.moreLabel', { name })}
          >
            <MoreHorizontal aria-hidden />
            {withText && t('actions.more')}
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => actions.onNewVersion(document)}>
            <Upload aria-hidden />
            {t('actions.newVersion')}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => actions.onHistory(document)}>
            <History aria-hidden />
            {t('actions.history')}
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem variant="destructive" onSelect={() => actions.onRemove(document)}>
            <Trash2 aria-hidden />
            {t('actions.remove')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  )
}

/**
 * The document list: a table from 1280 px up (it has many columns beside the sidebar), one card per document
 * below that.
 */
export function DocumentsTable(props: DocumentsTableProps) {
  const isWide = useMediaQuery('(min-width: 1280px)')
  return isWide ? <WideTable {...props} /> : <CardList {...props} />
}

function WideTable({ documents, ...actions }: DocumentsTableProps) {
  const { t } = useTranslation('documents')
  return (
    <Table aria-label={t('listLabel')}>
      <TableHeader>
        <TableRow>
          <TableHead>{t('columns.nome')}</TableHead>
          <TableHead>{t('columns.tipoAcesso')}</TableHead>
          <TableHead>{t('columns.pasta')}</TableHead>
          <TableHead>{t('columns.uploadTamanho')}</TableHead>
          <TableHead>{t('columns.relacionado')}</TableHead>
          <TableHead className="text-right">{t('columns.acoes')}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {documents.map((document) => (
          <TableRow key={document.id}>
            <TableCell className="max-w-80 min-w-48 whitespace-normal">
              <div className="grid gap-1">
                <span className="line-clamp-2 font-medium break-words" title={document.nome}>
                  {document.nome}
                </span>
                <Tags tags={document.etiquetas} />
                <signatureBadgeSlot.Slot documentId={document.id} isPdf={document.tipo === 'PDF'} />
                {document.observacoes && (
                  <p className="line-clamp-2 text-xs text-muted-foreground" title={document.observacoes}>
                    {document.observacoes}
                  </p>
                )}
              </div>
            </TableCell>
            <TableCell>
              {/* Type, version and access share a column: the table has to fit beside the sidebar at 1280 px. */}
              <div className="grid justify-items-start gap-1">
                <div className="flex items-center gap-2">
                  <TypeBadge document={document} />
                  <span className="text-xs text-muted-foreground">
                    {t('version', { version: document.versao })}
                  </span>
                </div>
                <AccessBadge level={document.nivelAcesso} />
                <SharedBadge document={document} />
              </div>
            </TableCell>
            <TableCell className="whitespace-normal">
              <FolderName document={document} />
            </TableCell>
            <TableCell>
              <div className="grid text-sm">
                <span>{formatDateBR(document.dataUpload)}</span>
                <span className="text-xs text-muted-foreground tabular-nums">
                  {formatSize(document.tamanho)}
                </span>
              </div>
            </TableCell>
            <TableCell className="max-w-40">
              <Related document={document} />
            </TableCell>
            <TableCell>
              <RowActions document={document} withText={false} {...actions} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}

function CardList({ documents, ...actions }: DocumentsTableProps) {
  const { t } = useTranslation('documents')
  return (
    // grid-cols-* are minmax(0, 1fr) tracks: a long name truncates instead of widening the page.
    <ul aria-label={t('listLabel')} className="grid grid-cols-1 gap-3 md:grid-cols-2">
      {documents.map((document) => (
        <li key={document.id} data-testid="document-card">
          <Card className="h-full gap-3 py-4">
            <CardContent className="grid grid-cols-1 gap-2 px-4 text-sm">
              <div className="grid gap-1.5">
                <p className="line-clamp-2 font-medium break-words" title={document.nome}>
                  {document.nome}
                </p>
                <div className="flex flex-wrap items-center gap-1">
                  <TypeBadge document={document} />
                  <AccessBadge level={document.nivelAcesso} />
                  <SharedBadge document={document} />
                  <signatureBadgeSlot.Slot documentId={document.id} isPdf={document.tipo === 'PDF'} />
                </div>
              </div>
              <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-xs">
                <dt className="text-muted-foreground">{t('columns.versao')}</dt>
                <dd>{t('version', { version: document.versao })}</dd>
                <dt className="text-muted-foreground">{t('columns.pasta')}</dt>
                <dd>
                  <FolderName document={document} />
                </dd>
                <dt className="text-muted-foreground">{t('columns.dataUpload')}</dt>
                <dd>{formatDateBR(document.dataUpload)}</dd>
                <dt className="text-muted-foreground">{t('columns.tamanho')}</dt>
                <dd className="tabular-nums">{formatSize(document.tamanho)}</dd>
                <dt className="text-muted-foreground">{t('columns.relacionado')}</dt>
                <dd className="min-w-0">
                  <Related document={document} />
                </dd>
                {document.observacoes && (
                  <>
                    <dt className="text-muted-foreground">{t('columns.observacoes')}</dt>
                    <dd className="line-clamp-3 break-words">{document.observacoes}</dd>
                  </>
                )}
              </dl>
              <Tags tags={document.etiquetas} />
              <RowActions document={document} withText {...actions} />
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  )
}
