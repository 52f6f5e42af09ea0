/** The three payment providers of the admin settings (spec §3: "three names only"). */
export const PAYMENT_PROVIDERS = ['mercado_pago', 'pagseguro', 'stripe'] as const
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number]

export const PAYMENT_PROVIDER_NAMES: Record<PaymentProvider, string> = {
  mercado_pago: 'Mercado Pago',
  pagseguro: 'PagSeguro',
  stripe: 'Stripe',
}

/** Spec §9 sample values, which are the platform's defaults. */
export const PLATFORM_DEFAULTS = {
  platformName: 'JusConecta',
  monthlyPrice: '97.00',
  trialDays: 7,
  annualDiscount: 20,
  sessionTimeoutMin: 120,
  loginAttempts: 5,
  smtpPort: 587,
} as const
