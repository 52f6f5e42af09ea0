import { CaseDeadlineButton, UpcomingEvents } from '../../features/agenda/agenda.public'
import type { CaseRecordParts } from '../../features/cases/case-record-slot'
import { RecordDocuments } from '../../features/documents/documents.public'
import { CaseRecordTabs } from '../../features/publications/publications.public'
import { GenerateDocumentButton } from '../../features/templates/templates.public'

/** The case record: publications' tabs around the documents, the agenda, 'Gerar documento' and the form. */
export default function CaseRecordFill({ caseId, caseLabel, client, children }: CaseRecordParts) {
  return (
    <CaseRecordTabs caseId={caseId}>
      <RecordDocuments record={{ caseId }} />
      <UpcomingEvents record={{ caseId }} />
      <CaseDeadlineButton caseId={caseId} />
      <GenerateDocumentButton client={client} case={{ id: caseId, label: caseLabel }} />
      {children}
    </CaseRecordTabs>
  )
}
