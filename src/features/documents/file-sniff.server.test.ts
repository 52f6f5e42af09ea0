import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import {
  cfbBytes,
  docxBytes,
  exeBytes,
  jpgBytes,
  pdfBytes,
  plainZipBytes,
  pngBytes,
  xlsxBytes,
  zip,
} from './documents.fixtures'
import { sniffDocumentFile } from './file-sniff.server'

const dir = path.join(os.tmpdir(), `jc-sniff-${randomBytes(4).toString('hex')}`)
afterAll(() => fs.rm(dir, { recursive: true, force: true }))

// The name a browser would send goes with each case for the reader; the sniffer never sees it.
async function sniff(bytes: Uint8Array, _name: string) {
  await fs.mkdir(dir, { recursive: true })
  const file = path.join(dir, randomBytes(6).toString('hex'))
  await fs.writeFile(file, bytes)
  return (await sniffDocumentFile(file))?.tipo ?? null
}

describe('sniffDocumentFile: judged by content, not by name', () => {
  it('accepts the real types', async () => {
    expect(await sniff(pdfBytes(), 'a.pdf')).toBe('PDF')
    expect(await sniff(docxBytes(), 'a.docx')).toBe('DOCX')
    expect(await sniff(xlsxBytes(), 'a.xlsx')).toBe('XLSX')
    expect(await sniff(await pngBytes(), 'a.png')).toBe('PNG')
    expect(await sniff(await jpgBytes(), 'a.jpg')).toBe('JPG')
    expect(await sniff(cfbBytes('WordDocument'), 'a.doc')).toBe('DOC')
    expect(await sniff(cfbBytes('Workbook'), 'PLANILHA.XLS')).toBe('XLS')
  })

  it('uses the content whatever the name says', async () => {
    expect(await sniff(pdfBytes(), 'sem-extensao')).toBe('PDF')
    expect(await sniff(docxBytes(), 'relatorio.pdf')).toBe('DOCX')
  })

  it('refuses impostors, archives, executables, text and empty files', async () => {
    expect(await sniff(exeBytes(), 'x.pdf')).toBeNull()
    expect(await sniff(plainZipBytes(), 'fake.docx')).toBeNull()
    expect(await sniff(zip({ 'word/document.xml': '<w:document/>' }), 'fake.docx')).toBeNull()
    expect(await sniff(Buffer.from('apenas texto'), 'nota.pdf')).toBeNull()
    expect(await sniff(Buffer.alloc(0), 'vazio.pdf')).toBeNull()
    expect(await sniff(Buffer.from('<html><script>alert(1)</script></html>'), 'a.pdf')).toBeNull()
  })

  it('tells a Word from an Excel compound file by its streams, and refuses other compound files', async () => {
    expect(await sniff(cfbBytes('WordDocument'), 'planilha.xls')).toBe('DOC')
    expect(await sniff(cfbBytes('Workbook'), 'sem-extensao')).toBe('XLS')
    expect(await sniff(cfbBytes('__substg1.0_0037001F'), 'mensagem.doc')).toBeNull()
  })
})
