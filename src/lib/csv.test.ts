import { describe, expect, it } from 'vitest'
import { CSV_BOM, csvCell, csvRow, toCsv } from './csv'

describe('csv for Excel pt-BR', () => {
  it('starts with a UTF-8 BOM, separates with ";" and ends lines with CRLF', () => {
    const csv = toCsv(['Nome', 'Cidade'], [['João', 'São Paulo']])
    expect(csv.startsWith(CSV_BOM)).toBe(true)
    expect(csv).toBe(`${CSV_BOM}Nome;Cidade\r\nJoão;São Paulo\r\n`)
  })

  it('quotes cells holding the separator, quotes or line breaks', () => {
    expect(csvCell('a;b')).toBe('"a;b"')
    expect(csvCell('diz "oi"')).toBe('"diz ""oi"""')
    expect(csvCell('linha 1\nlinha 2')).toBe('"linha 1\nlinha 2"')
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"')
    expect(csvCell('simples')).toBe('simples')
  })

  it('neutralises formula injection with a leading single quote', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`)
    expect(csvCell('+5511')).toBe("'+5511")
    expect(csvCell('-2+3')).toBe("'-2+3")
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(csvCell('\tcmd')).toBe("'\tcmd")
    expect(csvCell('a=b')).toBe('a=b')
  })

  it('writes empty cells for null and undefined and keeps numbers', () => {
    expect(csvRow([null, undefined, 0, 12.5])).toBe(';;0;12.5\r\n')
  })
})
