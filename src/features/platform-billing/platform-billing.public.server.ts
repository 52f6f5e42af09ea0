// The platform-billing feature's server surface: what the shell and other features may use of it.
export {
  billingMetrics,
  currentMonthWindow,
  type BillingMetrics,
  type BillingMetricsWindow,
  type MonthlyRevenuePoint,
} from './platform-billing.metrics.server'
// /admin/financial (the admin's side): its router, mounted under the admin router, and its 'Reprocessar' job.
export { adminFinancialRoutes } from './platform-billing.admin.routes.server'
export { platformBillingAdminJobs } from './platform-billing.admin.jobs.server'
// The core (the lawyer's side and the lifecycle): /api/billing, the daily job, and what the admin side acts with.
export { billingRoutes } from './platform-billing.routes.server'
export {
  platformBillingJobs,
  runBilling,
  backfillSubscriptions,
  type BillingRun,
} from './platform-billing.job.server'
export {
  billSubscription,
  cancelSubscription,
  changePlan,
  markChargePaid,
  type BillingActor,
  type MarkPaidInput,
  type MarkPaidResult,
} from './platform-billing.service.server'
export {
  CHARGE_DUE_DAYS,
  issueCharge,
  nextChargePeriod,
  platformPix,
  readBillingSettings,
  type Charge,
  type Subscription,
} from './platform-billing.charges.server'
export { getBillingStatus, toChargeDto } from './platform-billing.office.server'
export { subscriptionMembership } from './platform-billing.membership.server'
