import { describe, expect, it } from 'vitest'
import { pdfText } from '../test/pdf-text'
import { createPdf, pdfBuffer, pdfResponse, pdfSection, pdfTable } from './pdf.server'

const letterhead = {
  nome: 'Silva & Araújo Advogados',
  cnpj: '12.345.678/0001-95',
  oab: 'OAB/SP 12.345',
  telefone: '(11) 3333-4444',
  endereco: 'Av. Paulista, 1000 — São Paulo/SP',
}

describe('createPdf / pdfTable', () => {
  it('prints the letterhead, the title, pt-BR accents and the table, with "Página X de Y" on every page', async () => {
    const doc = createPdf({
      title: 'Relatório de honorários',
      letterhead,
      generatedAt: new Date('2026-03-05T17:30:00Z'),
    })
    pdfSection(doc, 'Lançamentos')
    const rows = Array.from({ length: 120 }, (_, i) => [`Ação nº ${i + 1}`, 'R$ 1.234,56'])
    pdfTable(
      doc,
      [
        { header: 'Descrição', width: 0.7 },
        { header: 'Valor', width: 0.3, align: 'right' },
      ],
      rows,
    )
    const text = await pdfText(await pdfBuffer(doc))

    expect(text).toContain('Silva & Araújo Advogados')
    expect(text).toContain('CNPJ 12.345.678/0001-95')
    expect(text).toContain('Relatório de honorários')
    expect(text).toContain('Gerado em 05/03/2026 14:30')
    expect(text).toContain('Ação nº 120')
    const pages = text.split('\n\n')
    expect(pages.length).toBeGreaterThan(2)
    pages.forEach((page, i) => expect(page).toContain(`Página ${i + 1} de ${pages.length}`))
    // The header row is repeated on every page the table reaches.
    expect(pages.filter((page) => page.includes('Descrição')).length).toBe(pages.length)
  })

  it('streams as an attachment with an RFC 5987 name', async () => {
    const response = pdfResponse(createPdf({ title: 'Recibo' }), 'Recibo nº 7 — João.pdf')
    expect(response.headers.get('Content-Type')).toBe('application/pdf')
    expect(response.headers.get('Content-Disposition')).toBe(
      `attachment; filename="Recibo n_ 7 _ Joao.pdf"; filename*=UTF-8''Recibo%20n%C2%BA%207%20%E2%80%94%20Jo%C3%A3o.pdf`,
    )
    const bytes = new Uint8Array(await response.arrayBuffer())
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-')
    expect(await pdfText(bytes)).toContain('Página 1 de 1')
  })
})
