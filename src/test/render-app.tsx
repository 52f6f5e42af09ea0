import type { ReactElement } from 'react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import i18next from 'i18next'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { MemoryRouter } from 'react-router'

// Renders a screen of the app as a person sees it in pt-BR: the real catalogs of src/locales/pt-BR (the
// texts are the contract), a QueryClient whose data the test puts in the cache beforehand (nothing is
// fetched: a query left out would fail, not answer with invented data) and a router for hooks that navigate.

const catalogs = import.meta.glob<{ default: Record<string, unknown> }>('../locales/pt-BR/*.json', {
  eager: true,
})
const resources = Object.fromEntries(
  Object.entries(catalogs).map(([file, module]) => [file.replace(/^.*\/(.+)\.json$/, '$1'), module.default]),
)

const i18n = i18next.createInstance()
void i18n.use(initReactI18next).init({
  lng: 'pt-BR',
  fallbackLng: 'pt-BR',
  ns: Object.keys(resources),
  defaultNS: 'common',
  resources: { 'pt-BR': resources },
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
  initAsync: false,
})

/** A cache filled by the test; queries never refetch nor retry what it holds. */
export function testQueryClient(fill?: (client: QueryClient) => void): QueryClient {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  })
  fill?.(client)
  return client
}

/** Renders `ui` with pt-BR texts, `client`'s cache and a router; hands back a user-event session. */
export function renderApp(ui: ReactElement, client: QueryClient = testQueryClient()) {
  const user = userEvent.setup()
  const result = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter>{ui}</MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  )
  return { user, client, ...result }
}

/** Every message on screen (FormField renders them with role="alert"), wherever an open popup leaves them. */
export const alerts = () => [...document.querySelectorAll('[role="alert"]')].map((el) => el.textContent)
