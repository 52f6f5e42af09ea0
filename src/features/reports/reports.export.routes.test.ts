import yauzl from 'yauzl'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pdfText } from '../../test/pdf-text'
import { createTestApp, type TestApp } from '../../test/test-app'
import { officeSettings } from '../office-settings/office-settings.table.server'
import { buildReportsOffice, MARCH, type ReportsOffice } from './reports.fixtures'

// Issue 11: the reports' CSV (Excel pt-BR), PDF (read back with a real parser) and 'Exportar Relatórios' (one
// PDF, or a zip of the three CSVs), with the same numbers as the screen and the associado's narrowing.

let t: TestApp
let office: ReportsOffice

// Five sign-ups (password hashing) and the hand-built office: slow on a busy machine, so a longer hook timeout.
beforeAll(async () => {
  t = await createTestApp()
  office = await buildReportsOffice(t, new Date())
  await t.handle.db
    .insert(officeSettings)
    .values({ officeId: office.officeId, nomeEscritorio: 'Sócia & Associados', cnpj: '12.345.678/0001-95' })
}, 180_000)
afterAll(() => t.close())

const march = `from=${MARCH.from}&to=${MARCH.to}`

async function download(path: string, cookie: string) {
  const response = await t.app.request(path, { headers: { cookie } })
  expect(response.status, path).toBe(200)
  return { response, bytes: Buffer.from(await response.arrayBuffer()) }
}

/** CSV → rows of cells (the files are ';'-separated, CRLF, with a BOM). */
function csvLines(bytes: Buffer): string[][] {
  const text = bytes.toString('utf8')
  expect(text.startsWith('\uFEFF')).toBe(true)
  return text
    .slice(1)
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(';').map((cell) => cell.replace(/^"|"$/g, '')))
}

/** pdf.js text with no-break spaces and line breaks folded to single spaces. */
const flat = (text: string) => text.replace(/\s+/g, ' ')

async function readZip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true })
  const entries = new Map<string, Buffer>()
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error)
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('end', () => {
          entries.set(entry.fileName, Buffer.concat(chunks))
          zip.readEntry()
        })
        stream.on('error', reject)
      })
    })
    zip.once('end', () => resolve())
    zip.once('error', reject)
    zip.readEntry()
  })
  return entries
}

describe('CSV', () => {
  it('writes Desempenho por área for Excel pt-BR, with the totals and the period in the name', async () => {
    const { response, bytes } = await download(`/api/reports/area/export.csv?${march}`, office.cookies.socio)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('content-disposition')).toContain(
      'relatorio-desempenho-por-area-2026-03-01-a-2026-03-31.csv',
    )
    const lines = csvLines(bytes)
    expect(lines[0]).toEqual(['Desempenho por área - 01/03/2026 a 31/03/2026'])
    expect(lines[2]).toEqual(['Área', 'Abertos', 'Concluídos', 'Taxa de êxito', 'Receita recebida'])
    expect(lines[3]).toEqual(['Civil', '2', '3', '66,7% (2/3)', 'R$\u00a01.000,10'])
    expect(lines).toContainEqual(['Sem caso vinculado', '0', '0', '', 'R$\u00a0250,00'])
    expect(lines.at(-1)).toEqual(['Total', '4', '4', '66,7% (2/3)', 'R$\u00a01.250,30'])
  })

  it('writes Horas faturáveis per member and per case, blank where a member has no rate', async () => {
    const { bytes } = await download(`/api/reports/horas/export.csv?${march}`, office.cookies.socio)
    const lines = csvLines(bytes)
    expect(lines).toContainEqual(['Sofia Sócia', '2,75', '2,25', 'R$\u00a0300,00', 'R$\u00a0675,00'])
    expect(lines).toContainEqual(['Membro estagiario', '1,00', '1,00', '', ''])
    expect(lines).toContainEqual(['C1 Cobrança', '4,67', '4,17', 'R$\u00a0783,33'])
  })

  it("narrows the associado's file like the screen", async () => {
    const { bytes } = await download(`/api/reports/horas/export.csv?${march}`, office.cookies.associado)
    const text = bytes.toString('utf8')
    expect(text).toContain('Membro associado')
    expect(text).not.toContain('Sofia Sócia')
    expect(text).not.toContain('C4 Reclamação')
  })
})

describe('PDF', () => {
  it("prints a report on the office's letterhead with its numbers and rules", async () => {
    const { response, bytes } = await download(
      `/api/reports/pipeline/export.pdf?${march}`,
      office.cookies.socio,
    )
    expect(response.headers.get('content-type')).toBe('application/pdf')
    expect(response.headers.get('content-disposition')).toContain(
      'relatorio-pipeline-de-casos-2026-03-01-a-2026-03-31.pdf',
    )
    const text = flat(await pdfText(bytes))
    expect(text).toContain('Sócia & Associados')
    expect(text).toContain('CNPJ 12.345.678/0001-95')
    expect(text).toContain('Pipeline de casos')
    expect(text).toContain('Período: 01/03/2026 a 31/03/2026')
    expect(text).toContain('Concluído 5')
    expect(text).toContain('03/2026 4 4')
    expect(text).toContain('Página 1 de 1')
  })

  it('prints Desempenho por área with money in R$', async () => {
    const { bytes } = await download(`/api/reports/area/export.pdf?${march}`, office.cookies.socio)
    const text = flat(await pdfText(bytes))
    expect(text).toContain('Civil 2 3 66,7% (2/3) R$ 1.000,10')
    expect(text).toContain('Total 4 4 66,7% (2/3) R$ 1.250,30')
    expect(text).toContain('Conversão de leads')
  })
})

describe('Exportar Relatórios', () => {
  it('puts the three reports of the period in one PDF', async () => {
    const { response, bytes } = await download(`/api/reports/export.pdf?${march}`, office.cookies.socio)
    expect(response.headers.get('content-disposition')).toContain(
      'relatorio-todos-2026-03-01-a-2026-03-31.pdf',
    )
    const text = flat(await pdfText(bytes))
    for (const heading of [
      'Relatórios do escritório',
      'Desempenho por área',
      'Horas faturáveis',
      'Pipeline de casos',
    ]) {
      expect(text).toContain(heading)
    }
    expect(text).toContain('Sofia Sócia 2,75 2,25 R$ 300,00 R$ 675,00')
  })

  it('zips the three CSVs', async () => {
    const { response, bytes } = await download(`/api/reports/export.zip?${march}`, office.cookies.socio)
    expect(response.headers.get('content-type')).toBe('application/zip')
    const entries = await readZip(bytes)
    expect([...entries.keys()].sort()).toEqual([
      'relatorio-desempenho-por-area-2026-03-01-a-2026-03-31.csv',
      'relatorio-horas-faturaveis-2026-03-01-a-2026-03-31.csv',
      'relatorio-pipeline-de-casos-2026-03-01-a-2026-03-31.csv',
    ])
    const horas = entries.get('relatorio-horas-faturaveis-2026-03-01-a-2026-03-31.csv')
    expect(horas?.toString('utf8')).toContain('Total;5,42;4,92;;R$\u00a01.008,33')
  })

  it('narrows the associado in the combined export too', async () => {
    const { bytes } = await download(`/api/reports/export.pdf?${march}`, office.cookies.associado)
    const text = flat(await pdfText(bytes))
    expect(text).toContain('Membro associado')
    expect(text).not.toContain('Sofia Sócia')
    expect(text).not.toContain('R$ 250,00')
  })
})
