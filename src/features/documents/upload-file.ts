import { ApiRequestError, errorFromResponse } from '../../lib/api-client'
import { MAX_DOCUMENT_BYTES, type DocumentFileType } from './documents.schema'

// One file per request, as raw bytes (the contract of POST /api/documents): XMLHttpRequest rather than
// fetch because only XHR reports upload progress, and xhr.abort() stops a file in flight.

export interface UploadHandle<T> {
  /** The server's JSON answer; rejects with ApiRequestError (status 0 and code 'aborted' after abort()). */
  result: Promise<T>
  abort: () => void
}

export const ABORTED_CODE = 'aborted'

export function uploadFile<T>(
  url: string,
  file: Blob,
  onProgress: (fraction: number) => void,
): UploadHandle<T> {
  const xhr = new XMLHttpRequest()
  const result = new Promise<T>((resolve, reject) => {
    xhr.open('POST', url)
    xhr.withCredentials = true
    xhr.setRequestHeader('accept', 'application/json')
    // The server judges the bytes, not this header; it is only a hint.
    xhr.setRequestHeader('content-type', file.type || 'application/octet-stream')
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total)
    }
    xhr.onload = () => {
      const response = {
        status: xhr.status,
        json: async () => JSON.parse(xhr.responseText) as unknown,
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1)
        response.json().then((body) => resolve(body as T), reject)
      } else {
        void errorFromResponse(response).then(reject)
      }
    }
    xhr.onerror = () =>
      reject(
        new ApiRequestError(
          0,
          'network',
          'Sem conexão com o servidor. Verifique sua internet e tente novamente.',
        ),
      )
    xhr.onabort = () => reject(new ApiRequestError(0, ABORTED_CODE, 'Envio cancelado.'))
    xhr.send(file)
  })
  return { result, abort: () => xhr.abort() }
}

const EXTENSIONS: Record<string, DocumentFileType> = {
  pdf: 'PDF',
  doc: 'DOC',
  docx: 'DOCX',
  xls: 'XLS',
  xlsx: 'XLSX',
  jpg: 'JPG',
  jpeg: 'JPG',
  png: 'PNG',
}

export type FileProblem = 'tooLarge' | 'empty' | 'type'

/**
 * Comfort checks before sending (the server decides, by content): a file over 10 MB, an empty one, or one
 * whose name doesn't end in an accepted extension is refused here with a message, without uploading it.
 */
export function fileProblem(file: { name: string; size: number }): FileProblem | null {
  if (file.size > MAX_DOCUMENT_BYTES) return 'tooLarge'
  if (file.size === 0) return 'empty'
  const extension = /\.([^.]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? ''
  return Object.hasOwn(EXTENSIONS, extension) ? null : 'type'
}
