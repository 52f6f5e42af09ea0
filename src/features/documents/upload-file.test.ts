import { describe, expect, it } from 'vitest'
import { MAX_DOCUMENT_BYTES } from './documents.schema'
import { fileProblem } from './upload-file'

describe('fileProblem (the upload dialog comfort checks)', () => {
  it('accepts the spec types and JPG/PNG, whatever the case of the extension', () => {
    for (const name of ['a.pdf', 'b.DOC', 'c.docx', 'd.xls', 'e.XLSX', 'f.jpg', 'g.jpeg', 'h.PNG']) {
      expect(fileProblem({ name, size: 1 }), name).toBeNull()
    }
  })

  it('refuses other names, empty files and files over 10 MB', () => {
    expect(fileProblem({ name: 'programa.exe', size: 10 })).toBe('type')
    expect(fileProblem({ name: 'sem-extensao', size: 10 })).toBe('type')
    expect(fileProblem({ name: 'x.constructor', size: 10 })).toBe('type')
    expect(fileProblem({ name: 'vazio.pdf', size: 0 })).toBe('empty')
    expect(fileProblem({ name: 'limite.pdf', size: MAX_DOCUMENT_BYTES })).toBeNull()
    expect(fileProblem({ name: 'grande.pdf', size: MAX_DOCUMENT_BYTES + 1 })).toBe('tooLarge')
  })
})
