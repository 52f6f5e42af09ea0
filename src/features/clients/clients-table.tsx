import { useTranslation } from 'react-i18next'
import { Badge } from '../../components/ui/badge'
import { RowActions as ListRowActions } from '../../components/list-page/row-actions'
import { Card, CardContent } from '../../components/ui/card'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table'
import { useMediaQuery } from '../../lib/use-media-query'
import type { ClientStatus, ClientSummary } from './clients.schema'

const STATUS_VARIANT = {
  ativo: 'success',
  inativo: 'secondary',
  suspenso: 'warning',
} as const satisfies Record<ClientStatus, 'success' | 'secondary' | 'warning'>

export function ClientStatusBadge({ status }: { status: ClientStatus }) {
  const { t } = useTranslation('clients')
  const variant = STATUS_VARIANT[status]
  return (
    <Badge
      variant={variant}
      // The primitive's success text (--success on its 15% tint) measures 4.2:1, under WCAG AA's 4.5:1.
      className={variant === 'success' ? 'text-emerald-800 dark:text-emerald-300' : undefined}
    >
      {t(`status.${status}`)}
    </Badge>
  )
}

function cityOf(client: ClientSummary) {
  if (client.cidadeNome && client.estadoSigla) return `${client.cidadeNome}/${client.estadoSigla}`
  return client.cidadeNome ?? client.estadoSigla ?? '—'
}

interface ClientsTableProps {
  clients: ClientSummary[]
  onEdit: (client: ClientSummary) => void
  /** Absent when the user's level may not delete clients (the estagiário): no 'Remover' button. */
  onRemove?: ((client: ClientSummary) => void) | undefined
}

/** Edit/remove for one client: icon buttons in the table, labelled buttons on the cards (room for words). */
function RowActions({
  client,
  onEdit,
  onRemove,
  withText,
}: { client: ClientSummary; withText: boolean } & Omit<ClientsTableProps, 'clients'>) {
  const { t } = useTranslation('clients')
  return (
    <ListRowActions
      withText={withText}
      editLabel={t('actions.editLabel', { name: client.nomeCompleto })}
      editText={t('actions.edit')}
      onEdit={() => onEdit(client)}
      removeLabel={t('actions.removeLabel', { name: client.nomeCompleto })}
      removeText={t('actions.remove')}
      onRemove={onRemove && (() => onRemove(client))}
    />
  )
}

/**
 * The client list: a table from 1024 px up (beside the sidebar), one card per client below that (a wide
 * table is unreadable at 375 px even with horizontal scroll).
 */
export function ClientsTable(props: ClientsTableProps) {
  const isWide = useMediaQuery('(min-width: 1024px)')
  return isWide ? <WideTable {...props} /> : <CardList {...props} />
}

function WideTable({ clients, onEdit, onRemove }: ClientsTableProps) {
  const { t } = useTranslation('clients')
  return (
    <Table aria-label={t('listLabel')}>
      <TableHeader>
        <TableRow>
          <TableHead>{t('columns.nome')}</TableHead>
          <TableHead>{t('columns.contato')}</TableHead>
          <TableHead>{t('columns.documento')}</TableHead>
          <TableHead>{t('columns.cidade')}</TableHead>
          <TableHead>{t('columns.status')}</TableHead>
          <TableHead className="text-right">{t('columns.casos')}</TableHead>
          <TableHead className="text-right">{t('columns.acoes')}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {clients.map((client) => (
          <TableRow key={client.id}>
            <TableCell className="max-w-64">
              <div className="grid">
                <span className="truncate font-medium" title={client.nomeCompleto}>
                  {client.nomeCompleto}
                </span>
                <span className="text-xs text-muted-foreground">{t(`tipoPessoa.${client.tipoPessoa}`)}</span>
              </div>
            </TableCell>
            <TableCell>
              <div className="grid text-xs">
                <span>{client.emailMasked ?? '—'}</span>
                <span className="text-muted-foreground">{client.telefoneMasked ?? ''}</span>
              </div>
            </TableCell>
            <TableCell className="font-mono text-xs">{client.documentoMasked ?? '—'}</TableCell>
            <TableCell>{cityOf(client)}</TableCell>
            <TableCell>
              <ClientStatusBadge status={client.status} />
            </TableCell>
            <TableCell className="text-right tabular-nums">{client.casesCount}</TableCell>
            <TableCell>
              <RowActions client={client} onEdit={onEdit} onRemove={onRemove} withText={false} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}

function CardList({ clients, onEdit, onRemove }: ClientsTableProps) {
  const { t } = useTranslation('clients')
  return (
    // grid-cols-* are minmax(0, 1fr) tracks: a long name truncates instead of widening the page.
    <ul aria-label={t('listLabel')} className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      {clients.map((client) => (
        <li key={client.id}>
          <Card className="h-full gap-3 py-4">
            <CardContent className="grid grid-cols-1 gap-2 px-4 text-sm">
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="truncate font-medium">{client.nomeCompleto}</p>
                  <p className="text-xs text-muted-foreground">{t(`tipoPessoa.${client.tipoPessoa}`)}</p>
                </div>
                <ClientStatusBadge status={client.status} />
              </div>
              <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-xs">
                <dt className="text-muted-foreground">{t('columns.email')}</dt>
                <dd className="truncate">{client.emailMasked ?? '—'}</dd>
                <dt className="text-muted-foreground">{t('columns.telefone')}</dt>
                <dd>{client.telefoneMasked ?? '—'}</dd>
                <dt className="text-muted-foreground">{t('columns.documento')}</dt>
                <dd className="font-mono">{client.documentoMasked ?? '—'}</dd>
                <dt className="text-muted-foreground">{t('columns.cidade')}</dt>
                <dd>{cityOf(client)}</dd>
                <dt className="text-muted-foreground">{t('columns.casos')}</dt>
                <dd>{t('casesCount', { count: client.casesCount })}</dd>
              </dl>
              <RowActions client={client} onEdit={onEdit} onRemove={onRemove} withText />
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  )
}
