import type { OperationDoc } from './openapi-operations.server'

// /api/templates (issue 25: Modelos de documentos), kept apart so openapi-operations.server.ts stays under
// the 400-line limit.

export const TEMPLATES_TAGS = [
  {
    name: 'Modelos',
    prefixes: ['templates'],
    description:
      'Modelos de documentos do escritório (procuração, contrato, declaração…) preenchidos com os dados do cliente e do caso, gerados em PDF e DOCX.',
  },
]

export const TEMPLATES_OPERATION_DOCS: Record<string, OperationDoc> = {
  'GET /api/templates': {
    summary: 'Lista os modelos do escritório (cria os cinco modelos iniciais no primeiro acesso)',
  },
  'GET /api/templates/{id}': { summary: 'Um modelo, com o texto e os campos que usa' },
  'POST /api/templates': { summary: 'Cria um modelo no editor — sócios e associados', status: 201 },
  'PATCH /api/templates/{id}': { summary: 'Altera nome, tipo ou texto de um modelo — sócios e associados' },
  'DELETE /api/templates/{id}': { summary: 'Exclui um modelo — sócios e associados', status: 204 },
  'POST /api/templates/upload': {
    summary: 'Envia um modelo do Word (.docx) com campos {grupo.campo} — sócios e associados',
    status: 201,
    requestBody: {
      media: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      schema: { type: 'string', format: 'binary' },
    },
  },
  'POST /api/templates/{id}/preview': {
    summary: 'Pré-visualiza o modelo preenchido para um cliente (e caso), destacando os campos sem valor',
  },
  'POST /api/templates/{id}/generate': {
    summary: 'Gera o documento em PDF e DOCX e o salva em Documentos, vinculado ao cliente e ao caso',
    status: 201,
  },
}
