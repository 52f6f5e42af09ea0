import { describe, expect, it } from 'vitest'
import {
  parseStatementCsv,
  STATEMENT_ERRORS,
  STATEMENT_HEADER_LABELS,
  STATEMENT_MAX_ROWS,
} from './platform-billing.reconcile.parse'

describe('parseStatementCsv: the shapes Brazilian banks export', () => {
  it("reads ';' with decimal comma, dd/mm/aaaa and a BOM (Excel pt-BR)", () => {
    const csv = '\uFEFFData;Descrição;Valor;TXID\r\n20/11/2026;PIX RECEBIDO;97,00;jcabc123\r\n'
    expect(parseStatementCsv(csv)).toEqual({
      lines: [{ line: 2, date: '2026-11-20', amountCents: 9700, txid: 'JCABC123' }],
      errors: [],
      skipped: 0,
    })
  })

  it("reads ',' with quoted decimal-comma amounts, thousands and quoted separators", () => {
    const csv = [
      'Data Lançamento,Histórico,"Valor (R$)",Identificador',
      '01/12/2026,"Pix, recebido","1.234,56",TX-0001',
      '2026-12-02,"dito ""assim""",97.00,TX0002',
    ].join('\n')
    const parsed = parseStatementCsv(csv)
    expect(parsed.errors).toEqual([])
    expect(parsed.lines).toEqual([
      { line: 2, date: '2026-12-01', amountCents: 123456, txid: 'TX0001' },
      { line: 3, date: '2026-12-02', amountCents: 9700, txid: 'TX0002' },
    ])
  })

  it('reads tab-separated files, R$ prefixes and C/D markers; debits and lines without txid are skipped', () => {
    const csv = [
      'data\tvalor\ttxid',
      '03/12/2026\tR$ 97,00 C\tAAA1',
      '03/12/2026\t-15,00\tTARIFA1',
      '03/12/2026\t50,00 D\tBBB2',
      '03/12/2026\t10,00\t',
    ].join('\n')
    const parsed = parseStatementCsv(csv)
    expect(parsed.lines).toEqual([{ line: 2, date: '2026-12-03', amountCents: 9700, txid: 'AAA1' }])
    expect(parsed.skipped).toBe(3)
    expect(parsed.errors).toEqual([])
  })

  it('accepts every header the dialog documents', () => {
    const { date, amount, txid } = STATEMENT_HEADER_LABELS
    for (let i = 0; i < date.length; i++) {
      const csv = `${date[i]};${amount[i]};${txid[i]}\n01/12/2026;97,00;A1`
      expect(parseStatementCsv(csv).lines, `${date[i]} / ${amount[i]} / ${txid[i]}`).toHaveLength(1)
    }
  })

  it('keeps the physical line numbers when a quoted cell spans lines', () => {
    const csv = 'data;historico;valor;txid\n01/12/2026;"linha\nquebrada";97,00;A1\n02/12/2026;x;98,00;A2\n'
    expect(parseStatementCsv(csv).lines.map((l) => [l.line, l.txid])).toEqual([
      [2, 'A1'],
      [4, 'A2'],
    ])
  })
})

describe('parseStatementCsv: bad input becomes pt-BR errors naming the line', () => {
  it('reports bad dates, bad amounts and split decimal commas, and keeps the good lines', () => {
    const csv = [
      'data,valor,txid',
      '31/02/2026,97.00,A1',
      '01/12/2026,abc,A2',
      '01/12/2026,97,00,A3',
      '01/12/2026,97.00,A4',
    ].join('\n')
    const parsed = parseStatementCsv(csv)
    expect(parsed.errors).toEqual([
      { line: 2, message: `Linha 2: ${STATEMENT_ERRORS.date}` },
      { line: 3, message: `Linha 3: ${STATEMENT_ERRORS.amount}` },
      { line: 4, message: `Linha 4: ${STATEMENT_ERRORS.columns}` },
    ])
    expect(parsed.lines.map((l) => l.txid)).toEqual(['A4'])
  })

  it('refuses a file without the required columns, an empty file and an unclosed quote', () => {
    expect(parseStatementCsv('data;historico\n01/12/2026;x').errors).toEqual([
      { line: 1, message: STATEMENT_ERRORS.header },
    ])
    expect(parseStatementCsv('\uFEFF\n\n').errors).toEqual([{ line: 1, message: STATEMENT_ERRORS.empty }])
    const unclosed = parseStatementCsv('data;valor;txid\n01/12/2026;"97,00;A1\n')
    expect(unclosed.errors[0]?.message).toBe(`Linha 2: ${STATEMENT_ERRORS.unclosedQuote}`)
    expect(unclosed.lines).toEqual([])
  })

  it('refuses more rows than the limit', () => {
    const rows = Array.from({ length: STATEMENT_MAX_ROWS + 1 }, (_, i) => `01/12/2026;1,00;T${i}`)
    const parsed = parseStatementCsv(['data;valor;txid', ...rows].join('\n'))
    expect(parsed.errors).toEqual([{ line: 1, message: STATEMENT_ERRORS.tooManyRows }])
    expect(parsed.lines).toEqual([])
  })
})
