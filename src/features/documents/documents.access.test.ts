import { describe, expect, it } from 'vitest'
import { NIVEIS_ACESSO } from '../offices/offices.schema'
import { canSeeDocument, visibleLevels } from './documents.access'
import { DOCUMENT_ACCESS_LEVELS } from './documents.schema'

// Issue 8: público → every member; restrito → sócio, associado and the uploader; confidencial → sócio
// and the uploader.
const EXPECTED = {
  publico: { socio: true, associado: true, estagiario: true, assistente: true },
  restrito: { socio: true, associado: true, estagiario: false, assistente: false },
  confidencial: { socio: true, associado: false, estagiario: false, assistente: false },
} as const

describe('document access rule', () => {
  it('follows the table for a member who did not upload the document', () => {
    for (const level of DOCUMENT_ACCESS_LEVELS) {
      for (const nivel of NIVEIS_ACESSO) {
        const seen = canSeeDocument(
          { nivelAcesso: nivel, userId: 'me' },
          { nivelAcesso: level, createdBy: 'other' },
        )
        expect(seen, `${nivel} × ${level}`).toBe(EXPECTED[level][nivel])
        expect(visibleLevels(nivel).includes(level)).toBe(EXPECTED[level][nivel])
      }
    }
  })

  it('always lets the uploader see their document', () => {
    for (const level of DOCUMENT_ACCESS_LEVELS) {
      for (const nivel of NIVEIS_ACESSO) {
        expect(
          canSeeDocument({ nivelAcesso: nivel, userId: 'me' }, { nivelAcesso: level, createdBy: 'me' }),
        ).toBe(true)
      }
    }
  })

  it('gives nobody an uploader match when the uploader account is gone', () => {
    expect(
      canSeeDocument(
        { nivelAcesso: 'estagiario', userId: 'me' },
        { nivelAcesso: 'confidencial', createdBy: null },
      ),
    ).toBe(false)
  })
})
