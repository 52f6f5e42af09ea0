import { useState } from 'react'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { SearchBox } from './search-box'

function Box() {
  const [value, setValue] = useState('')
  return (
    <>
      <SearchBox
        id="documents-search"
        label="Buscar"
        placeholder="Nome ou tag"
        value={value}
        onChange={setValue}
      />
      <output>{value}</output>
    </>
  )
}

describe('SearchBox', () => {
  it('is a labelled search field that reports what is typed, up to 100 characters', async () => {
    render(<Box />)
    const box = screen.getByRole('searchbox', { name: 'Buscar' }) as HTMLInputElement
    expect(box.id).toBe('documents-search')
    expect(box.placeholder).toBe('Nome ou tag')
    await userEvent.type(box, 'contrato')
    expect(screen.getByRole('status').textContent).toBe('contrato')
    await userEvent.clear(box)
    await userEvent.type(box, 'x'.repeat(120))
    expect(box.value).toHaveLength(100)
  })
})
