import { render, screen, waitFor } from '@testing-library/react'
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { RichTextEditor } from './rich-text-editor'

// The template editor's toolbar drives TipTap: toggles say their state (aria-pressed) and change the HTML
// the form saves; 'Inserir campo' types the field at the cursor. (No i18n here: names are the keys.)

function renderEditor(value: string) {
  const onChange = vi.fn<(html: string) => void>()
  render(
    <div>
      <span id="label">Texto do modelo</span>
      <RichTextEditor id="text" labelledBy="label" value={value} onChange={onChange} />
    </div>,
  )
  const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never })
  return { onChange, user, text: screen.getByRole('textbox', { name: 'Texto do modelo' }) }
}

const lastHtml = (onChange: ReturnType<typeof vi.fn>) => String(onChange.mock.calls.at(-1)?.[0] ?? '')

describe('RichTextEditor', () => {
  it('shows the template and applies bold, a heading and an alignment from the toolbar', async () => {
    const { onChange, user, text } = renderEditor('<p>Outorgante: fulano</p>')
    expect(text.textContent).toBe('Outorgante: fulano')
    expect(screen.getByRole('toolbar', { name: 'editor.toolbar' })).toBeDefined()
    const bold = screen.getByRole('button', { name: 'editor.bold' })
    expect(bold.getAttribute('aria-pressed')).toBe('false')
    expect(bold.getAttribute('aria-keyshortcuts')).toBe('Control+B')

    // Without a selection, bold is armed for what is typed next: the button says so.
    await user.click(bold)
    await waitFor(() => expect(bold.getAttribute('aria-pressed')).toBe('true'))
    await user.click(bold)
    await waitFor(() => expect(bold.getAttribute('aria-pressed')).toBe('false'))

    // Three heading buttons (1–3); without i18n their names are the same key.
    await user.click(screen.getAllByRole('button', { name: 'editor.heading' })[0]!)
    await waitFor(() => expect(lastHtml(onChange)).toBe('<h1>Outorgante: fulano</h1>'))
    await user.click(screen.getByRole('button', { name: 'editor.alignJustify' }))
    await waitFor(() => expect(lastHtml(onChange)).toContain('text-align: justify'))
    expect(screen.getByRole('button', { name: 'editor.alignJustify' }).getAttribute('aria-pressed')).toBe(
      'true',
    )
  })

  it("inserts a merge field at the cursor from 'Inserir campo'", async () => {
    const { onChange, user } = renderEditor('<p>Nome</p>')
    await user.click(screen.getByRole('button', { name: /editor\.insertField/ }))
    await user.click(await screen.findByRole('menuitem', { name: /\{cliente\.nome\}/ }))
    await waitFor(() =>
      expect(lastHtml(onChange)).toMatch(/^<p>(\{cliente\.nome\}Nome|Nome\{cliente\.nome\})<\/p>$/),
    )
  })
})
