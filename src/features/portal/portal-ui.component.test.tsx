import { screen, waitFor } from '@testing-library/react'
import { Navigate, Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { paths } from '../../lib/paths'
import { alerts, renderApp, testQueryClient } from '../../test/render-app'
import { meQueryKey } from '../auth/auth.public'
import type { NivelAcesso } from '../offices/offices.public'
import { PortalAccessCard } from './portal-access-card'
import { PortalInvitePage } from './portal-invite-page'
import { PORTAL_MESSAGES, type PortalAccessStatusDto } from './portal.schema'
import { portalKeys } from './use-portal'

// The portal's screens that choose what to offer from one answer (issue 26): the invitation link (create a
// password, sign in first, accept, or leave another account) and the office's 'Acesso ao Portal' card.

afterEach(() => vi.restoreAllMocks())

const TOKEN = 'a'.repeat(43)
const INVITE = { officeName: 'Escritório Paula Portal', email: 'clara@example.com' }

function renderInvite(info: { accountExists: boolean; signedInEmail: string | null }) {
  const fetchSpy = vi.spyOn(globalThis, 'fetch')
  const client = testQueryClient((c) => c.setQueryData(portalKeys.invite(TOKEN), { ...INVITE, ...info }))
  // The page reads its token from its route.
  const page = (
    <Routes>
      <Route path={paths.portal.invite} element={<PortalInvitePage />} />
      <Route path="*" element={<Navigate to={`/portal/convite/${TOKEN}`} />} />
    </Routes>
  )
  return { fetchSpy, ...renderApp(page, client) }
}

describe('PortalInvitePage', () => {
  it('asks a new client for a password, checked by the platform rule and the confirmation', async () => {
    const { user, fetchSpy } = renderInvite({ accountExists: false, signedInEmail: null })
    expect(screen.getByText('Escritório Paula Portal convidou você para o Portal do Cliente')).toBeTruthy()
    expect(screen.getByText('E-mail convidado: clara@example.com')).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Crie sua senha' })).toBeTruthy()

    await user.type(screen.getByLabelText('Senha'), '123')
    await user.type(screen.getByLabelText('Confirmar senha'), '456')
    await user.click(screen.getByRole('button', { name: 'Criar senha e entrar' }))
    await waitFor(() =>
      expect(alerts()).toEqual(['A senha deve ter pelo menos 6 caracteres', 'As senhas não coincidem.']),
    )
    expect(fetchSpy).not.toHaveBeenCalled()
  })

  it('sends an existing account to sign in and back here', () => {
    renderInvite({ accountExists: true, signedInEmail: null })
    expect(screen.getByText(PORTAL_MESSAGES.inviteNeedsSignIn)).toBeTruthy()
    const link = screen.getByRole('link', { name: 'Entrar para aceitar' })
    expect(link.getAttribute('href')).toBe(`/auth?next=%2Fportal%2Fconvite%2F${TOKEN}`)
    expect(screen.queryByLabelText('Senha')).toBeNull()
  })

  it('accepts with one click when signed in with the invited e-mail', () => {
    renderInvite({ accountExists: true, signedInEmail: 'Clara@Example.com' })
    expect(screen.getByRole('button', { name: 'Aceitar convite' })).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('refuses another signed-in account and offers to leave it', () => {
    renderInvite({ accountExists: true, signedInEmail: 'outra@example.com' })
    expect(alerts()).toEqual([PORTAL_MESSAGES.inviteOtherAccount])
    expect(screen.getByRole('button', { name: 'Sair' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Aceitar convite' })).toBeNull()
  })
})

const CLIENT = { id: '00000000-0000-4000-8000-000000000001', nomeCompleto: 'Clara Cliente' }
const NONE: PortalAccessStatusDto = {
  status: 'nenhum',
  email: null,
  invitedAt: null,
  acceptedAt: null,
  lastAccessAt: null,
  expiresAt: null,
}

function renderCard(
  nivelAcesso: NivelAcesso,
  access: PortalAccessStatusDto,
  email: string | null = 'c@x.com',
) {
  const client = testQueryClient((c) => {
    c.setQueryData(meQueryKey, { role: 'user', profile: {}, office: { nivelAcesso } })
    c.setQueryData(portalKeys.officeAccess(CLIENT.id), access)
  })
  return renderApp(<PortalAccessCard client={{ ...CLIENT, email }} />, client)
}

describe('PortalAccessCard', () => {
  it("shows an active access with its last access as 'dd/mm hh:mm' in São Paulo, and 'Revogar'", () => {
    renderCard('associado', {
      ...NONE,
      status: 'ativo',
      email: 'c@x.com',
      lastAccessAt: '2026-03-05T17:30:00.000Z',
    })
    expect(screen.getByTestId('portal-access-status').textContent).toBe('Ativo — último acesso 05/03 14:30')
    expect(screen.getByRole('button', { name: 'Revogar' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Convidar' })).toBeNull()
  })

  it("offers 'Reenviar' and 'Revogar' for a pending invitation", () => {
    renderCard('socio', { ...NONE, status: 'convidado', email: 'c@x.com', expiresAt: '2026-03-12T12:00:00Z' })
    expect(screen.getByTestId('portal-access-status').textContent).toContain('Convite enviado')
    expect(screen.getByRole('button', { name: 'Reenviar' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Revogar' })).toBeTruthy()
  })

  it('disables Convidar with a hint when the client has no e-mail', () => {
    renderCard('socio', NONE, null)
    const invite = screen.getByRole('button', { name: 'Convidar' }) as HTMLButtonElement
    expect(invite.disabled).toBe(true)
    expect(screen.getByText('Cadastre o e-mail do cliente para convidá-lo.')).toBeTruthy()
  })

  it.each(['estagiario', 'assistente'] as const)('shows a %s the status only', (nivel) => {
    renderCard(nivel, { ...NONE, status: 'revogado', email: 'c@x.com' })
    expect(screen.getByTestId('portal-access-status').textContent).toBe('Revogado')
    expect(screen.queryAllByRole('button')).toEqual([])
  })
})
