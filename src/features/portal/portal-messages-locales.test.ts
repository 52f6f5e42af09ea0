import { describe, it } from 'vitest'
import en from '../../locales/en/portal-messages.json'
import es from '../../locales/es/portal-messages.json'
import ptBR from '../../locales/pt-BR/portal-messages.json'
import { expectSameKeys } from '../../test/locale-catalogs'

describe('portal-messages catalogs', () => {
  it('en and es have exactly the pt-BR keys and placeholders', () => {
    expectSameKeys(en, ptBR)
    expectSameKeys(es, ptBR)
  })
})
