import type { ReactElement } from 'react'
import { screen } from '@testing-library/react'
import { vi } from 'vitest'
import { meQueryKey } from '../features/auth/auth.public'
import type { NivelAcesso } from '../features/offices/offices.public'
import { renderApp, testQueryClient } from './render-app'

/**
 * Renders an office dialog (open) as a member of `nivelAcesso` sees it — the case and client pickers ask who is
 * signed in — and finds it by its title. `fetchSpy` watches every request: a form that refuses its input sends
 * none, and nothing is answered unless the test says so.
 */
export function renderDialog(ui: ReactElement, title: string, nivelAcesso: NivelAcesso = 'socio') {
  const fetchSpy = vi.spyOn(globalThis, 'fetch')
  const client = testQueryClient((cache) =>
    cache.setQueryData(meQueryKey, { role: 'user', profile: {}, office: { nivelAcesso } }),
  )
  const rendered = renderApp(ui, client)
  return { ...rendered, fetchSpy, dialog: screen.getByRole('dialog', { name: title }) }
}
