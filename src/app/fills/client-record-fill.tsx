import { UpcomingEvents } from '../../features/agenda/agenda.public'
import type { ClientRecordParts } from '../../features/clients/client-record-slot'
import { RecordDocuments } from '../../features/documents/documents.public'
import { ClientMessagesPanel, PortalAccessCard } from '../../features/portal/portal.public'
import { AnonymizeClientSection } from '../../features/privacy/privacy.public'
import { GenerateDocumentButton } from '../../features/templates/templates.public'

/** The client record: documents, 'Gerar documento', the agenda, the form, and the LGPD anonymisation. */
export default function ClientRecordFill({ client, onDone, children }: ClientRecordParts) {
  return (
    <>
      <RecordDocuments record={{ clientId: client.id }} />
      <GenerateDocumentButton client={{ id: client.id, label: client.nomeCompleto }} />
      <UpcomingEvents record={{ clientId: client.id }} />
      <PortalAccessCard client={client} />
      <ClientMessagesPanel client={client} />
      {children}
      <AnonymizeClientSection client={client} onDone={onDone} />
    </>
  )
}
