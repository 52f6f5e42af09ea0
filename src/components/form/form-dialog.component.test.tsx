import { useState } from 'react'
import { useController, useWatch } from 'react-hook-form'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { Combobox } from '../ui/combobox'
import { FormField } from '../ui/form-field'
import { Input } from '../ui/input'
import { FormDialog, FormDialogActions } from './form-dialog'
import { SelectFormField } from './select-form-field'
import { useAppForm } from './use-app-form'

// A record dialog built as the office's are (FormDialog + useAppForm + FormField, a Select and a Combobox
// picker), shaped like 'Novo Evento': a required title, a type whose 'prazo' has no time, an optional number.

interface Values {
  titulo: string
  tipo: string
  hora: string
  numero: string
  cliente: string
}

const EMPTY: Values = { titulo: '', tipo: 'audiencia', hora: '', numero: '', cliente: '' }
const CLIENTS = [
  { value: 'c1', label: 'Clara Souza' },
  { value: 'c2', label: 'Lúcia Pereira' },
]

function RecordForm({ onSave, onDone }: { onSave: (values: Values) => void; onDone: () => void }) {
  const { control, register, handleSubmit, formState } = useAppForm<Values>({ defaultValues: EMPTY })
  const { errors, isSubmitting } = formState
  const cliente = useController({ control, name: 'cliente' })
  const isPrazo = useWatch({ control, name: 'tipo' }) === 'prazo'
  return (
    <form onSubmit={handleSubmit(onSave)} noValidate className="grid gap-4">
      <FormField label="Título" htmlFor="r-titulo" error={errors.titulo?.message}>
        <Input
          id="r-titulo"
          {...register('titulo', { validate: (v) => v.trim() !== '' || 'Título é obrigatório' })}
        />
      </FormField>
      <SelectFormField
        control={control}
        name="tipo"
        id="r-tipo"
        label="Tipo"
        error={errors.tipo?.message}
        options={[
          { value: 'audiencia', label: 'Audiência' },
          { value: 'prazo', label: 'Prazo' },
        ]}
        deps={['hora']}
      />
      <FormField label="Hora" htmlFor="r-hora" error={errors.hora?.message}>
        <Input
          id="r-hora"
          disabled={isPrazo}
          {...register('hora', {
            validate: (v, all) => all.tipo === 'prazo' || v !== '' || 'Informe a hora',
          })}
        />
      </FormField>
      <FormField label="Número" htmlFor="r-numero" error={errors.numero?.message}>
        <Input
          id="r-numero"
          {...register('numero', { pattern: { value: /^\d{4}$/, message: 'Número inválido' } })}
        />
      </FormField>
      <FormField label="Cliente" htmlFor="r-cliente" error={errors.cliente?.message}>
        <Combobox
          id="r-cliente"
          options={CLIENTS}
          value={cliente.field.value}
          onValueChange={cliente.field.onChange}
          onBlur={cliente.field.onBlur}
          placeholder="Nenhum cliente"
          searchPlaceholder="Buscar cliente..."
          listLabel="Clientes"
        />
      </FormField>
      <FormDialogActions
        onCancel={onDone}
        cancelLabel="Cancelar"
        submitLabel="Salvar"
        submittingLabel="Salvando..."
        isSubmitting={isSubmitting}
      />
    </form>
  )
}

function RecordDialog({ onSave }: { onSave: (values: Values) => void }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Novo Registro
      </button>
      <FormDialog
        open={open}
        onOpenChange={setOpen}
        title="Novo Registro"
        description="Preencha os dados do registro."
        loading={false}
        loadingLabel=""
        loadError={null}
        loadErrorTitle=""
      >
        <RecordForm onSave={onSave} onDone={() => setOpen(false)} />
      </FormDialog>
    </>
  )
}

/** Opens the dialog the way a person does and hands back its fields (found while no popup hides them). */
async function openDialog(onSave: (values: Values) => void = () => {}) {
  const user = userEvent.setup()
  render(<RecordDialog onSave={onSave} />)
  await user.click(screen.getByRole('button', { name: 'Novo Registro' }))
  const dialog = screen.getByRole('dialog', { name: 'Novo Registro' })
  const field = (name: string) => within(dialog).getByLabelText(name)
  return {
    user,
    dialog,
    titulo: field('Título') as HTMLInputElement,
    tipo: within(dialog).getByRole('combobox', { name: 'Tipo' }),
    hora: field('Hora') as HTMLInputElement,
    numero: field('Número') as HTMLInputElement,
    cliente: within(dialog).getByRole('combobox', { name: 'Cliente' }),
  }
}

/** Messages on screen, wherever they are (an open popup hides the dialog from role queries). */
const messages = () => [...document.querySelectorAll('[role="alert"]')].map((el) => el.textContent)
const invalidFields = () => [...document.querySelectorAll('[aria-invalid="true"]')].map((el) => el.id)

describe('FormDialog with useAppForm', () => {
  it('opens with the first field focused and empty', async () => {
    const { titulo } = await openDialog()
    await waitFor(() => expect(document.activeElement).toBe(titulo))
    expect(titulo.value).toBe('')
    expect(messages()).toEqual([])
  })

  it('opens the client picker on the first click, with no message for the title it left', async () => {
    const { user, titulo, cliente } = await openDialog()
    await waitFor(() => expect(document.activeElement).toBe(titulo))

    await user.click(cliente)

    expect(cliente.getAttribute('aria-expanded')).toBe('true')
    expect(screen.getByRole('listbox', { name: 'Clientes' })).toBeTruthy()
    await user.click(screen.getByRole('option', { name: 'Lúcia Pereira' }))
    expect(cliente.getAttribute('aria-expanded')).toBe('false')
    expect(cliente.textContent).toBe('Lúcia Pereira')
    expect(messages()).toEqual([])
    expect(invalidFields()).toEqual([])
  })

  it('opens the type select on the first click, and Hora follows the type at once', async () => {
    const { user, titulo, tipo, hora } = await openDialog()
    await waitFor(() => expect(document.activeElement).toBe(titulo))

    await user.click(tipo)
    expect(tipo.getAttribute('aria-expanded')).toBe('true')
    await user.click(screen.getByRole('option', { name: 'Prazo' }))
    expect(tipo.textContent).toBe('Prazo')
    expect(hora.disabled).toBe(true)

    await user.click(tipo)
    expect(tipo.getAttribute('aria-expanded')).toBe('true')
    await user.click(screen.getByRole('option', { name: 'Audiência' }))
    expect(tipo.textContent).toBe('Audiência')
    expect(hora.disabled).toBe(false)
    expect(messages()).toEqual([])
  })

  it('shows nothing for fields the user only passed through', async () => {
    const { user, titulo, numero } = await openDialog()
    await waitFor(() => expect(document.activeElement).toBe(titulo))

    // Título → Tipo → Hora → Número → Cliente, without typing.
    for (let i = 0; i < 4; i++) await user.tab()
    await user.click(numero)
    await user.tab()

    expect(messages()).toEqual([])
    expect(invalidFields()).toEqual([])
  })

  it('shows a message once a changed field is left, and drops it as the typing fixes it', async () => {
    const { user, numero, titulo } = await openDialog()

    await user.type(numero, '12')
    expect(messages()).toEqual([]) // still typing
    await user.click(titulo)
    await waitFor(() => expect(messages()).toEqual(['Número inválido']))
    expect(invalidFields()).toEqual(['r-numero'])

    await user.type(numero, '34')
    await waitFor(() => expect(messages()).toEqual([]))
    expect(invalidFields()).toEqual([])
  })

  it('holds a message from leaving a field until the press that left it ends, so that click still lands', async () => {
    const onSave = vi.fn()
    const { user, titulo, numero } = await openDialog(onSave)
    await user.type(titulo, 'Audiência')
    await user.type(numero, '12')
    const salvar = screen.getByRole('button', { name: 'Salvar' })

    // Pressing 'Salvar' moves the focus out of Número: its message would push the button down mid-click.
    await user.pointer({ keys: '[MouseLeft>]', target: salvar })
    expect(document.activeElement).toBe(salvar)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(messages()).toEqual([])

    await user.pointer({ keys: '[/MouseLeft]', target: salvar })
    // The click landed: it is the submit that now shows what is wrong.
    await waitFor(() => expect(messages()).toEqual(['Informe a hora', 'Número inválido']))
    expect(onSave).not.toHaveBeenCalled()
  })

  it('shows every message on submit and re-checks each field as it changes', async () => {
    const onSave = vi.fn()
    const { user, titulo, tipo, hora } = await openDialog(onSave)

    await user.click(screen.getByRole('button', { name: 'Salvar' }))
    await waitFor(() => expect(messages()).toEqual(['Título é obrigatório', 'Informe a hora']))
    expect(onSave).not.toHaveBeenCalled()
    expect(document.activeElement).toBe(titulo)

    await user.type(titulo, 'Audiência de conciliação')
    await waitFor(() => expect(messages()).toEqual(['Informe a hora']))

    // A prazo has no time: the message under Hora goes with the change of type.
    await user.click(tipo)
    await user.click(screen.getByRole('option', { name: 'Prazo' }))
    expect(hora.disabled).toBe(true)
    await waitFor(() => expect(messages()).toEqual([]))

    await user.click(screen.getByRole('button', { name: 'Salvar' }))
    await waitFor(() => expect(onSave).toHaveBeenCalledOnce())
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({ titulo: 'Audiência de conciliação', tipo: 'prazo' })
  })
})
