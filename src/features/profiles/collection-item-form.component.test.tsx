import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { alerts, renderApp } from '../../test/render-app'
import { CollectionItemForm } from './collection-item-form'
import { EDUCATION_YEARS_MESSAGE } from './profiles.schema'

// 'Formação acadêmica' of a lawyer's profile (spec §2 Profile): the form validates with the route's own schema
// (lawyerCollectionSchemas.education.create), so its messages are the ones POST /api/profile/education answers
// (lawyer-collections.routes.test.ts asserts the years' rule there).

function renderEducationForm() {
  const fetchSpy = vi.spyOn(globalThis, 'fetch')
  const rendered = renderApp(<CollectionItemForm collection="education" item={null} onDone={() => {}} />)
  return {
    ...rendered,
    fetchSpy,
    instituicao: screen.getByRole('textbox', { name: 'Instituição *' }),
    curso: screen.getByRole('textbox', { name: 'Curso *' }),
    anoInicio: screen.getByRole('textbox', { name: 'Ano de início *' }),
    anoConclusao: screen.getByRole('textbox', { name: 'Ano de conclusão' }),
    submit: screen.getByRole('button', { name: 'Salvar' }),
  }
}

afterEach(() => vi.restoreAllMocks())

describe('CollectionItemForm (education)', () => {
  it('says the required fields on submit, and sends nothing', async () => {
    const { user, submit, fetchSpy } = renderEducationForm()
    await user.click(submit)
    await waitFor(() =>
      expect(alerts().slice(0, 2)).toEqual(['Instituição é obrigatório', 'Curso é obrigatório']),
    )
    expect(fetchSpy).not.toHaveBeenCalled()
  })

  it('refuses a conclusion before the start, in the words of the route', async () => {
    const { user, instituicao, curso, anoInicio, anoConclusao, submit, fetchSpy } = renderEducationForm()
    await user.type(instituicao, 'Universidade de São Paulo')
    await user.type(curso, 'Direito')
    await user.click(screen.getByRole('combobox', { name: 'Grau *' }))
    await user.click(screen.getByRole('option', { name: 'Graduação' }))
    await user.type(anoInicio, '2010')
    await user.type(anoConclusao, '2005')
    await user.click(submit)
    await waitFor(() => expect(alerts()).toEqual([EDUCATION_YEARS_MESSAGE]))
    expect(anoConclusao.getAttribute('aria-invalid')).toBe('true')
    expect(fetchSpy).not.toHaveBeenCalled()
  })
})
