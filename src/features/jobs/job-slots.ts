import { createSlot } from '../../components/slot'

/** 'Denunciar' on a job page: the network's report button (moderated in issue 14), wired by the shell. */
export const jobReportSlot = createSlot<{ jobId: string }>('job-report')
