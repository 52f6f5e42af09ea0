// The signatures feature's browser surface (issue 25): the documents list's row action and status badge.
export { SendForSignatureButton, type SignableDocument } from './send-for-signature-dialog'
export { SignatureBadge } from './signature-badge'
