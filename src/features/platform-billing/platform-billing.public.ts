// The platform-billing feature's browser surface: the lawyer's subscription card and the dashboard banner.
import { lazy } from 'react'

/** The 'Assinatura' card of /dashboard/settings (lazy: the QR code library loads with it). */
export const SubscriptionCard = lazy(() =>
  import('./subscription-card').then((module) => ({ default: module.SubscriptionCard })),
)
export { SubscriptionBanner } from './subscription-banner'
export { SUBSCRIPTION_READ_ONLY } from './platform-billing.schema'
