// The signatures feature's server surface (issue 25): its routes, and the /verificar upload path, whose
// body (a signed PDF up to 20 MB) is capped by the route itself rather than the shell's 12 MB limit.
export { signatureRoutes } from './signatures.routes.server'
export { SIGNATURE_VERIFY_PATH } from './signatures.public-routes.server'
