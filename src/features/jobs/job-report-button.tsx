import { ReportButton } from '../network/network.public'

/** 'Denunciar' on a job page: NETWORK's ReportButton (content_reports, target 'job', issue 14 moderates). */
export function JobReportButton({ jobId }: { jobId: string }) {
  return <ReportButton targetType="job" targetId={jobId} />
}
