import type { Context, MiddlewareHandler } from 'hono'
import { INVALID_CHARACTERS_MESSAGE, isCleanText } from '../lib/clean-text'
import { ApiError } from './http-error.server'
import { refuseUncleanText } from './validate.server'

/** A percent-encoded C0 control character (%00–%1F) anywhere in the path or the query. */
const ENCODED_CONTROL = /%[01][0-9a-f]/i
// better-call's own tests (its getBody), so that every body it parses is one checked here.
const JSON_TYPE = /^application\/([a-z0-9.+-]*\+)?json/i
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data']
const ONE_LINE = { lineBreaks: false }
const URL_MESSAGE = 'O endereço da requisição contém caracteres inválidos.'

/**
 * The edge of the clean-text rule (src/lib/clean-text.ts) for what validate() never sees: a path or a
 * query value that a route reads itself (`/api/entities/%00`, a session id, better-auth's reset and
 * verification tokens) and the bodies of better-auth's own routes under /api/auth. Without it a NUL
 * reached PostgreSQL and came back as a 500 (error 22021; issue 24). Checking the raw URL costs one
 * regular expression and reads no body; bodies of our routes are checked by validate().
 */
export const refuseControlCharacters: MiddlewareHandler = async (c, next) => {
  const url = c.req.url
  const target = url.slice(url.indexOf('/', url.indexOf('//') + 2))
  if (ENCODED_CONTROL.test(target)) refuseUrl(c)
  if (c.req.path.startsWith('/api/auth/') && c.req.method === 'POST') await checkAuthBody(c)
  return next()
}

/** 400 naming the query parameter at fault when there is one (a path has no field to name). */
function refuseUrl(c: Context): never {
  const query = c.req.url.split('?')[1] ?? ''
  const [name] =
    [...new URLSearchParams(query)].find(([key, value]) => !isCleanText(key + value, ONE_LINE)) ?? []
  if (name !== undefined && isCleanText(name, ONE_LINE)) {
    throw new ApiError(400, 'validation', `${name}: ${INVALID_CHARACTERS_MESSAGE}`, {
      [name]: INVALID_CHARACTERS_MESSAGE,
    })
  }
  throw new ApiError(400, 'validation', URL_MESSAGE)
}

/**
 * better-auth reads JSON and form bodies (better-call's getBody; anything else fails its schema). The
 * text is read once, checked, and handed on in a fresh request: the library reads `c.req.raw` itself.
 */
async function checkAuthBody(c: Context) {
  const type = c.req.header('content-type') ?? ''
  const isJson = JSON_TYPE.test(type)
  const isForm = FORM_TYPES.some((form) => type.toLowerCase().includes(form))
  if (!c.req.raw.body || (!isJson && !isForm)) return
  const text = await c.req.text()
  c.req.raw = new Request(c.req.raw, { body: text })
  let value: unknown
  try {
    value = isJson
      ? JSON.parse(text)
      : Object.fromEntries(await new Response(text, { headers: { 'content-type': type } }).formData())
  } catch {
    return // better-auth answers a broken body itself (400)
  }
  refuseUncleanText(value, true)
}
