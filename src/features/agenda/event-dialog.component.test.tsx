import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { alerts } from '../../test/render-app'
import { renderDialog } from '../../test/render-dialog'
import { AGENDA_MESSAGES, type EventRow } from './agenda.schema'
import { EventDialog, type EventDefaults } from './event-dialog'

// 'Novo Evento' (spec §2 Schedule): a prazo has no time — 'Hora' is disabled the moment 'Prazo' is chosen and
// enabled again for an audiência — and the required título and hora are said on submit, before any request.

function renderEventDialog(event: EventRow | null = null) {
  const rendered = renderDialog(
    <EventDialog open event={event} defaults={{ data: '2030-05-20' }} onOpenChange={() => {}} />,
    event ? 'Editar Evento' : 'Novo Evento',
  )
  const { dialog } = rendered
  return {
    ...rendered,
    titulo: within(dialog).getByRole('textbox', { name: 'Título' }) as HTMLInputElement,
    tipo: within(dialog).getByRole('combobox', { name: 'Tipo' }),
    hora: within(dialog).getByLabelText('Hora') as HTMLInputElement,
    data: within(dialog).getByLabelText('Data') as HTMLInputElement,
    submit: within(dialog).getByRole('button', { name: 'Salvar Evento' }),
  }
}

afterEach(() => vi.restoreAllMocks())

type Rendered = ReturnType<typeof renderEventDialog>

async function chooseTipo({ user, tipo }: Pick<Rendered, 'user' | 'tipo'>, label: string) {
  await user.click(tipo)
  await user.click(screen.getByRole('option', { name: label }))
  expect(tipo.textContent).toBe(label)
}

describe('EventDialog', () => {
  it('opens on an audiência with the day it was given and an enabled, required Hora', () => {
    const { tipo, hora, data } = renderEventDialog()
    expect(tipo.textContent).toBe('Audiência')
    expect(data.value).toBe('2030-05-20')
    expect(hora.type).toBe('time')
    expect(hora.disabled).toBe(false)
    expect(hora.getAttribute('aria-required')).toBe('true')
  })

  it("disables Hora as soon as 'Prazo' is chosen, and enables it again for an audiência", async () => {
    const rendered = renderEventDialog()
    const { dialog, hora } = rendered

    await chooseTipo(rendered, 'Prazo')
    expect(hora.disabled).toBe(true)
    expect(hora.getAttribute('aria-required')).toBe('false')
    expect(within(dialog).getByText('Prazos ocupam o dia inteiro.')).toBeDefined()

    await chooseTipo(rendered, 'Audiência')
    expect(hora.disabled).toBe(false)
    expect(within(dialog).queryByText('Prazos ocupam o dia inteiro.')).toBeNull()

    // Every type but the prazo has a time.
    for (const label of ['Reunião', 'Lembrete']) {
      await chooseTipo(rendered, label)
      expect(hora.disabled, label).toBe(false)
    }
  })

  it('offers the four types and the reminder options of the spec', async () => {
    const { user, dialog, tipo } = renderEventDialog()
    await user.click(tipo)
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Audiência',
      'Prazo',
      'Reunião',
      'Lembrete',
    ])
    await user.keyboard('{Escape}')

    await user.click(within(dialog).getByRole('combobox', { name: 'Lembrete' }))
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Sem lembrete',
      '15 min antes',
      '30 min antes',
      '1 h antes',
      '1 dia antes',
      '1 semana antes',
    ])
  })

  it('says what is missing on submit, and a prazo needs no time', async () => {
    const rendered = renderEventDialog()
    const { user, titulo, hora, submit, fetchSpy } = rendered
    await user.click(titulo)
    await user.tab()
    expect(alerts()).toEqual([]) // nothing before the submit

    await user.click(submit)
    await waitFor(() => expect(alerts()).toEqual(['Informe o título.', 'Informe a hora do evento.']))
    expect(hora.getAttribute('aria-invalid')).toBe('true')
    expect(fetchSpy).not.toHaveBeenCalled()

    // The hora message goes with the change to 'Prazo', at once.
    await chooseTipo(rendered, 'Prazo')
    await waitFor(() => expect(alerts()).toEqual(['Informe o título.']))
    // …and comes back with the audiência, which needs a time.
    await chooseTipo(rendered, 'Audiência')
    await waitFor(() => expect(alerts()).toEqual(['Informe o título.', 'Informe a hora do evento.']))
  })

  it('has the related case and client pickers, both optional', () => {
    const { dialog } = renderEventDialog()
    const caso = within(dialog).getByRole('combobox', { name: 'Caso relacionado' }) as HTMLButtonElement
    const cliente = within(dialog).getByRole('combobox', { name: 'Cliente relacionado' }) as HTMLButtonElement
    expect(caso.disabled).toBe(false)
    expect(cliente.disabled).toBe(false)
    expect(cliente.textContent).toBe('Nenhum cliente')
  })
})

const reuniao: EventRow = {
  id: '00000000-0000-4000-8000-000000000001',
  titulo: 'Reunião com o cliente',
  tipo: 'reuniao',
  status: 'agendado',
  prioridade: 'media',
  inicio: '2030-05-20T17:30:00.000Z',
  diaInteiro: false,
  data: '2030-05-20',
  hora: '14:30',
  local: null,
  descricao: null,
  lembreteMinutos: null,
  caso: null,
  cliente: null,
  prazo: null,
  avisoEm: null,
  visivelCliente: false,
  createdAt: '2030-05-01T12:00:00.000Z',
  updatedAt: '2030-05-01T12:00:00.000Z',
}

// The dialog validates with the routes' own schemas (eventInput, eventUpdate): each message below is the one
// the server's 400 carries for the same input (agenda.routes.test.ts asserts the same constants there).
describe("EventDialog speaks the route's messages", () => {
  it('a blank title, a missing date and a missing time, as POST /api/agenda/events says them', async () => {
    const { user, titulo, data, submit, fetchSpy } = renderEventDialog()
    await user.type(titulo, '   ')
    await user.clear(data)
    await user.click(submit)
    await waitFor(() =>
      expect(alerts()).toEqual([
        AGENDA_MESSAGES.tituloRequired,
        AGENDA_MESSAGES.dataRequired,
        AGENDA_MESSAGES.horaRequired,
      ]),
    )
    expect(data.getAttribute('aria-invalid')).toBe('true')
    expect(fetchSpy).not.toHaveBeenCalled()
  })

  it("a day outside the agenda's years, which only the server refused before", async () => {
    const { user, titulo, data, hora, submit, fetchSpy } = renderEventDialog()
    await user.type(titulo, 'Audiência de instrução')
    await user.type(hora, '10:00')
    await user.clear(data)
    await user.type(data, '1980-01-01')
    await user.click(submit)
    await waitFor(() => expect(alerts()).toEqual([AGENDA_MESSAGES.dataInvalid]))
    expect(fetchSpy).not.toHaveBeenCalled()
  })

  it('an edit that clears the time, as PATCH /api/agenda/events/:id says it', async () => {
    const { user, dialog, hora, fetchSpy } = renderEventDialog(reuniao)
    expect(hora.value).toBe('14:30')
    await user.clear(hora)
    await user.click(within(dialog).getByRole('button', { name: 'Salvar Evento' }))
    await waitFor(() => expect(alerts()).toEqual([AGENDA_MESSAGES.horaRequired]))
    expect(fetchSpy).not.toHaveBeenCalled()
  })
})

// 'Visível ao cliente' (issue 26): offered only for an event with a client or a case; on a new event it follows the
// server's default (an audiência of a case) live until the user sets it, and the body carries what it shows.
const caso = { id: '00000000-0000-4000-8000-000000000002', label: 'Ação de Cobrança' }

function renderWithDefaults(defaults: EventDefaults, event: EventRow | null = null) {
  const rendered = renderDialog(
    <EventDialog open event={event} defaults={{ data: '2030-05-20', ...defaults }} onOpenChange={() => {}} />,
    event ? 'Editar Evento' : 'Novo Evento',
  )
  const { dialog } = rendered
  return {
    ...rendered,
    tipo: within(dialog).getByRole('combobox', { name: 'Tipo' }),
    visible: () => within(dialog).queryByRole('switch', { name: 'Visível ao cliente' }),
  }
}

describe('EventDialog: Visível ao cliente', () => {
  it('is not offered for an event with neither client nor case', () => {
    expect(renderWithDefaults({}).visible()).toBeNull()
  })

  it("follows the default live — on for a case's audiência — until the user sets it", async () => {
    const rendered = renderWithDefaults({ caso })
    const { user, visible } = rendered
    expect(visible()?.getAttribute('aria-checked')).toBe('true')
    await chooseTipo(rendered, 'Reunião')
    expect(visible()?.getAttribute('aria-checked')).toBe('false')
    await chooseTipo(rendered, 'Audiência')
    expect(visible()?.getAttribute('aria-checked')).toBe('true')

    // Set by the user: the type no longer moves it.
    await user.click(visible()!)
    expect(visible()?.getAttribute('aria-checked')).toBe('false')
    await chooseTipo(rendered, 'Reunião')
    await chooseTipo(rendered, 'Audiência')
    expect(visible()?.getAttribute('aria-checked')).toBe('false')
  })

  it('a new event sends what the switch shows', async () => {
    const { user, dialog, fetchSpy } = renderWithDefaults({ caso })
    await user.type(within(dialog).getByRole('textbox', { name: 'Título' }), 'Audiência de instrução')
    await user.type(within(dialog).getByLabelText('Hora'), '10:00')
    fetchSpy.mockRejectedValue(new TypeError('offline'))
    await user.click(within(dialog).getByRole('button', { name: 'Salvar Evento' }))
    await waitFor(() => expect(fetchSpy).toHaveBeenCalledOnce())
    const [url, init] = fetchSpy.mock.calls[0]!
    expect(String(url)).toBe('/api/agenda/events')
    expect(JSON.parse(String(init?.body))).toMatchObject({ caseId: caso.id, visivelCliente: true })
  })

  it('an edit shows the stored value and sends a toggle', async () => {
    const event: EventRow = { ...reuniao, caso: { id: caso.id, titulo: caso.label, numeroProcesso: null } }
    const { user, dialog, visible, fetchSpy } = renderWithDefaults({}, event)
    expect(visible()?.getAttribute('aria-checked')).toBe('false')
    await user.click(visible()!)
    fetchSpy.mockRejectedValue(new TypeError('offline'))
    await user.click(within(dialog).getByRole('button', { name: 'Salvar Evento' }))
    await waitFor(() => expect(fetchSpy).toHaveBeenCalledOnce())
    const [url, init] = fetchSpy.mock.calls[0]!
    expect(String(url)).toBe(`/api/agenda/events/${event.id}`)
    expect(init?.method).toBe('PATCH')
    expect(JSON.parse(String(init?.body))).toMatchObject({ visivelCliente: true })
  })
})
