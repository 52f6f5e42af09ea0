import CFB from 'cfb'
import { crc32 } from 'node:zlib'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import type { TestApp } from '../../test/test-app'
import { users } from '../auth/auth.table.server'
import { officeMembers } from '../offices/offices.table.server'
import type { DocumentRow } from './documents.schema'

// Small but real files of every accepted type (and a few impostors), built in memory for the tests.

/** A zip of stored (uncompressed) entries: enough for OOXML detection, no dependency. */
export function zip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text, 'utf8')
    const fileName = Buffer.from(name, 'utf8')
    const crc = crc32(data)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(data.length, 18)
    local.writeUInt32LE(data.length, 22)
    local.writeUInt16LE(fileName.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(data.length, 20)
    central.writeUInt32LE(data.length, 24)
    central.writeUInt16LE(fileName.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, fileName, data)
    centrals.push(central, fileName)
    offset += local.length + fileName.length + data.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(Object.keys(entries).length, 8)
  end.writeUInt16LE(Object.keys(entries).length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directory, end])
}

const RELS =
  '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="%TARGET%"/></Relationships>'

function contentTypes(part: string, type: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    `<Override PartName="${part}" ContentType="${type}"/></Types>`
  )
}

export function docxBytes(): Buffer {
  return zip({
    '[Content_Types].xml': contentTypes(
      '/word/document.xml',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
    ),
    '_rels/.rels': RELS.replace('%TARGET%', 'word/document.xml'),
    'word/document.xml':
      '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Petição</w:t></w:r></w:p></w:body></w:document>',
  })
}

export function xlsxBytes(): Buffer {
  return zip({
    '[Content_Types].xml': contentTypes(
      '/xl/workbook.xml',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
    ),
    '_rels/.rels': RELS.replace('%TARGET%', 'xl/workbook.xml'),
    'xl/workbook.xml':
      '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets/></workbook>',
  })
}

/** A zip named .docx with no OOXML parts. */
export function plainZipBytes(): Buffer {
  return zip({ 'leia-me.txt': 'não sou um documento do Word' })
}

export function pdfBytes(text = 'Contrato'): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n% ${text}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  )
}

/**
 * A real OLE compound file (what .doc and .xls files are) holding the given streams: 'WordDocument' makes a
 * Word 97–2003 file, 'Workbook' an Excel one, '__substg1.0_0037001F' an Outlook message.
 */
export function cfbBytes(stream: 'WordDocument' | 'Workbook' | '__substg1.0_0037001F'): Buffer {
  const container = CFB.utils.cfb_new()
  CFB.utils.cfb_add(container, stream, Buffer.alloc(4096, 1))
  return Buffer.from(CFB.write(container, { type: 'buffer' }) as Uint8Array)
}

/** The start of a Windows executable. */
export function exeBytes(): Buffer {
  const bytes = Buffer.alloc(512)
  bytes.write('MZ', 0, 'latin1')
  bytes.writeUInt32LE(0x80, 0x3c)
  bytes.write('PE\0\0', 0x80, 'latin1')
  return bytes
}

export function pngBytes(): Promise<Buffer> {
  return sharp({ create: { width: 4, height: 4, channels: 3, background: '#336699' } })
    .png()
    .toBuffer()
}

export function jpgBytes(): Promise<Buffer> {
  return sharp({ create: { width: 4, height: 4, channels: 3, background: '#993366' } })
    .jpeg()
    .toBuffer()
}

export interface UploadOptions {
  name: string
  pasta?: string
  nivelAcesso?: string
  etiquetas?: string
  clientId?: string
  caseId?: string
  observacoes?: string
  compartilhadoCliente?: 'true' | 'false'
  confirmarConfidencial?: 'true' | 'false'
  contentType?: string
}

function uploadQuery(options: UploadOptions): string {
  const params = new URLSearchParams({
    name: options.name,
    pasta: options.pasta ?? 'contratos',
    nivelAcesso: options.nivelAcesso ?? 'publico',
  })
  const keys = [
    'etiquetas',
    'clientId',
    'caseId',
    'observacoes',
    'compartilhadoCliente',
    'confirmarConfidencial',
  ] as const
  for (const key of keys) {
    const value = options[key]
    if (value !== undefined) params.set(key, value)
  }
  return params.toString()
}

/** POST /api/documents with the raw bytes. */
export function uploadRequest(
  t: TestApp,
  cookie: string,
  body: Uint8Array | ReadableStream<Uint8Array> | null,
  options: UploadOptions,
  path = '/api/documents',
): Promise<Response> {
  const init: RequestInit & { duplex?: 'half' } = {
    method: 'POST',
    headers: { cookie, 'content-type': options.contentType ?? 'application/octet-stream' },
    // Buffers are valid fetch bodies at run time; the DOM typings only name ArrayBuffer-backed views.
    body: body as BodyInit | null,
  }
  if (body instanceof ReadableStream) init.duplex = 'half'
  return Promise.resolve(t.app.request(`${path}?${uploadQuery(options)}`, init))
}

/** Uploads and returns the created row (fails the test on anything but 201). */
export async function upload(
  t: TestApp,
  cookie: string,
  body: Uint8Array,
  options: UploadOptions,
): Promise<DocumentRow> {
  const response = await uploadRequest(t, cookie, body, options)
  if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${await response.text()}`)
  return ((await response.json()) as { document: DocumentRow }).document
}

export async function userIdOf(t: TestApp, email: string): Promise<string> {
  const [user] = await t.handle.db.select({ id: users.id }).from(users).where(eq(users.email, email))
  if (!user) throw new Error(`no user ${email}`)
  return user.id
}

export async function officeOf(t: TestApp, email: string): Promise<string> {
  const [membership] = await t.handle.db
    .select({ officeId: officeMembers.officeId })
    .from(officeMembers)
    .where(eq(officeMembers.userId, await userIdOf(t, email)))
  if (!membership) throw new Error(`${email} has no office`)
  return membership.officeId
}
