// The financial feature's browser surface: what other features may use of it (ESLint keeps the rest private).
export { PixCopyPaste } from './pix-copy-paste'
