import { lazy, type ReactNode } from 'react'
import { adminFrameSlot } from '../components/admin-frame'
// The slot declarations, from their own small files: the features' barrels would pull their pages in here.
import { auditMemberOptionsSlot } from '../features/audit/audit-slots'
import { signUpNoticeSlot } from '../features/auth/auth-slots'
import { caseRecordSlot } from '../features/cases/case-record-slot'
import { clientRecordSlot } from '../features/clients/client-record-slot'
import {
  sendForSignatureSlot,
  signatureBadgeSlot,
  templatesTabSlot,
} from '../features/documents/document-slots'
import { jobReportSlot } from '../features/jobs/job-slots'
import { networkingTabSlot } from '../features/profiles/profile-slots'
import { directoryCardSlot, privacyCardSlot } from '../features/settings/settings-slots'
// Not lazy: the router already loads platform-settings' surface (PlatformFrame), so the notice shows at once.
import { SignupsClosedNotice } from '../features/platform-settings/platform-settings.public'

// The shell fills the extension points the lower features offer with the upper features' parts (decision 007):
// cases and clients never import documents, agenda, publications, templates or privacy; documents never imports
// templates or signatures. Each fill is its own chunk, loaded the first time its slot shows.

const CaseRecordFill = lazy(() => import('./fills/case-record-fill'))
const ClientRecordFill = lazy(() => import('./fills/client-record-fill'))
const TemplatesTab = lazy(() =>
  import('../features/templates/templates.public').then((m) => ({ default: m.TemplatesTab })),
)
const SignatureBadge = lazy(() =>
  import('../features/signatures/signatures.public').then((m) => ({ default: m.SignatureBadge })),
)
const SendForSignatureButton = lazy(() =>
  import('../features/signatures/signatures.public').then((m) => ({ default: m.SendForSignatureButton })),
)
const PrivacyCard = lazy(() =>
  import('../features/privacy/privacy.public').then((m) => ({ default: m.PrivacyCard })),
)
const DirectoryVisibilityCard = lazy(() =>
  import('../features/directory/directory.public').then((m) => ({ default: m.DirectoryVisibilityCard })),
)
const AuditMemberOptions = lazy(() =>
  import('../features/team/team.public').then((m) => ({ default: m.AuditMemberOptions })),
)
// The admin's page frame around the /admin pages of platform-settings, platform-logs and platform-billing.
const AdminShell = lazy(() =>
  import('../features/admin/admin.public').then((m) => ({ default: m.AdminShell })),
)
const NetworkingTab = lazy(() =>
  import('../features/network/network.public').then((m) => ({ default: m.NetworkingTab })),
)
const JobReportButton = lazy(() =>
  import('../features/network/network.public').then((m) => ({
    default: ({ jobId }: { jobId: string }) => <m.ReportButton targetType="job" targetId={jobId} />,
  })),
)

export function FeatureSlots({ children }: { children: ReactNode }) {
  return (
    <caseRecordSlot.FillProvider value={CaseRecordFill}>
      <clientRecordSlot.FillProvider value={ClientRecordFill}>
        <templatesTabSlot.FillProvider value={TemplatesTab}>
          <signatureBadgeSlot.FillProvider value={SignatureBadge}>
            <sendForSignatureSlot.FillProvider value={SendForSignatureButton}>
              <privacyCardSlot.FillProvider value={PrivacyCard}>
                <networkingTabSlot.FillProvider value={NetworkingTab}>
                  <jobReportSlot.FillProvider value={JobReportButton}>
                    <directoryCardSlot.FillProvider value={DirectoryVisibilityCard}>
                      <auditMemberOptionsSlot.FillProvider value={AuditMemberOptions}>
                        <adminFrameSlot.FillProvider value={AdminShell}>
                          <signUpNoticeSlot.FillProvider value={SignupsClosedNotice}>
                            {children}
                          </signUpNoticeSlot.FillProvider>
                        </adminFrameSlot.FillProvider>
                      </auditMemberOptionsSlot.FillProvider>
                    </directoryCardSlot.FillProvider>
                  </jobReportSlot.FillProvider>
                </networkingTabSlot.FillProvider>
              </privacyCardSlot.FillProvider>
            </sendForSignatureSlot.FillProvider>
          </signatureBadgeSlot.FillProvider>
        </templatesTabSlot.FillProvider>
      </clientRecordSlot.FillProvider>
    </caseRecordSlot.FillProvider>
  )
}
