import { useState } from 'react'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { Combobox } from './combobox'
import { Label } from './label'

const OPTIONS = [
  { value: 'c1', label: 'Clara Souza' },
  { value: 'c2', label: 'Lúcia Pereira' },
  { value: 'c3', label: 'Marcos Lima' },
]

function Picker({ onValueChange }: { onValueChange?: (value: string) => void }) {
  const [value, setValue] = useState('')
  return (
    <div>
      <Label htmlFor="cliente">Cliente</Label>
      <Combobox
        id="cliente"
        options={OPTIONS}
        value={value}
        onValueChange={(next) => {
          setValue(next)
          onValueChange?.(next)
        }}
        placeholder="Nenhum cliente"
        searchPlaceholder="Buscar cliente..."
        listLabel="Clientes"
      />
      <p>Abaixo do campo</p>
    </div>
  )
}

/** The trigger, found while nothing is open (an open popup hides the rest of the page from the a11y tree). */
function renderPicker(onValueChange?: (value: string) => void) {
  render(<Picker onValueChange={onValueChange} />)
  return screen.getByRole('combobox', { name: 'Cliente' })
}

const listbox = () => screen.queryByRole('listbox', { name: 'Clientes' })
const search = () => screen.getByRole('combobox', { name: 'Buscar cliente...' })

describe('Combobox', () => {
  it('opens on the first click, with its search focused and every option listed', async () => {
    const user = userEvent.setup()
    const trigger = renderPicker()
    expect(trigger.getAttribute('aria-expanded')).toBe('false')

    await user.click(trigger)

    expect(trigger.getAttribute('aria-expanded')).toBe('true')
    expect(listbox()).not.toBeNull()
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Clara Souza',
      'Lúcia Pereira',
      'Marcos Lima',
    ])
    await waitFor(() => expect(document.activeElement).toBe(search()))
  })

  it('opens on the press even when the release lands elsewhere (the button moved down meanwhile)', async () => {
    // The open popup makes the page behind it inert (pointer-events: none), where the release then lands.
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never })
    const trigger = renderPicker()
    const below = screen.getByText('Abaixo do campo')

    // What a message appearing above the picker does to a click: pressed on the button, released off it.
    await user.pointer([
      { keys: '[MouseLeft>]', target: trigger },
      { keys: '[/MouseLeft]', target: below },
    ])

    expect(trigger.getAttribute('aria-expanded')).toBe('true')
    expect(listbox()).not.toBeNull()
  })

  it('picks an option with one click and closes', async () => {
    const onValueChange = vi.fn()
    const user = userEvent.setup()
    const trigger = renderPicker(onValueChange)

    await user.click(trigger)
    await user.click(screen.getByRole('option', { name: 'Lúcia Pereira' }))

    expect(onValueChange).toHaveBeenCalledExactlyOnceWith('c2')
    expect(trigger.getAttribute('aria-expanded')).toBe('false')
    expect(trigger.textContent).toBe('Lúcia Pereira')
    expect(listbox()).toBeNull()
  })

  it('opens and picks from the keyboard', async () => {
    const onValueChange = vi.fn()
    const user = userEvent.setup()
    const trigger = renderPicker(onValueChange)

    await user.tab()
    expect(document.activeElement).toBe(trigger)
    await user.keyboard('{Enter}')
    expect(trigger.getAttribute('aria-expanded')).toBe('true')
    await waitFor(() => expect(document.activeElement).toBe(search()))

    await user.keyboard('{Escape}')
    expect(trigger.getAttribute('aria-expanded')).toBe('false')
    await waitFor(() => expect(document.activeElement).toBe(trigger))

    // Typing on the closed picker opens it with that letter as the search.
    await user.keyboard('m')
    expect(trigger.getAttribute('aria-expanded')).toBe('true')
    expect((search() as HTMLInputElement).value).toBe('m')
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Marcos Lima'])
    await user.keyboard('{Enter}')
    expect(onValueChange).toHaveBeenCalledExactlyOnceWith('c3')
    expect(trigger.getAttribute('aria-expanded')).toBe('false')
  })

  it('opens on a tap (touch opens on the click, so a finger can still scroll the form)', async () => {
    const user = userEvent.setup()
    const trigger = renderPicker()

    await user.pointer({ keys: '[TouchA]', target: trigger })

    expect(trigger.getAttribute('aria-expanded')).toBe('true')
  })
})
