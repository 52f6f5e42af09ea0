import { fileTypeFromBuffer } from 'file-type'
import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import sharp from 'sharp'
import { z } from 'zod'
import type { AppEnv } from '../../platform/app-env.server'
import { ApiError, notFound, unauthorized } from '../../platform/http-error.server'
import { apiTag, routeDoc } from '../../platform/route-doc.server'
import { refuseEmptyUpdate, refuseUncleanText, validate } from '../../platform/validate.server'
import { getStorage, isStorageKey, newStorageKey, type FileStorage } from '../../platform/storage.server'
import {
  createCollectionItem,
  deleteCollectionItem,
  listCollection,
  updateCollectionItem,
} from './lawyer-collections.service.server'
import { toProfileDto } from './profile-dto.server'
import {
  AVATAR_MAX_BYTES,
  AVATAR_MIME_TYPES,
  AVATAR_NOT_IMAGE_MESSAGE,
  AVATAR_TOO_LARGE_MESSAGE,
  LAWYER_COLLECTIONS,
  lawyerCollectionSchemas,
  updateProfileSchema,
  type CollectionItem,
  type CollectionList,
  type LawyerCollection,
} from './profiles.schema'
import { ensureProfile, setAvatarUrl, updateProfile } from './profiles.service.server'
import { formatValidationError } from './validation.server'

const AVATAR_URL_PREFIX = '/api/files/avatars/'
const AVATAR_SIZE = 256
// A 5MB PNG can declare a gigantic canvas; refuse to decode beyond ~50 megapixels.
const MAX_INPUT_PIXELS = 50_000_000

function signedInUser(c: Context<AppEnv>) {
  const user = c.get('user')
  if (!user) throw unauthorized()
  return user
}

/** Signed in before the body is judged: an anonymous PATCH is a 401 whatever it sends, never a 400. */
const signedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  signedInUser(c)
  await next()
}

function collectionParam(value: string): LawyerCollection {
  if (!(LAWYER_COLLECTIONS as string[]).includes(value)) throw notFound('Rota não encontrada.')
  return value as LawyerCollection
}

const idParam = (value: string) => {
  // Not a uuid can't be anyone's item; answering 404 also keeps the query from failing on the cast.
  if (!z.uuid().safeParse(value).success) throw notFound()
  return value
}

/** Only lawyers have the lawyer_* sub-collections; everybody may read their own (empty) lists. */
async function requireLawyer(c: Context<AppEnv>) {
  const user = signedInUser(c)
  const profile = await ensureProfile(c.get('db'), user)
  if (profile.userType !== 'advogado')
    throw new ApiError(403, 'forbidden', 'Apenas advogados podem editar esta seção do perfil.')
  return user
}

async function parseBody(c: Context<AppEnv>): Promise<unknown> {
  let body: unknown
  try {
    body = await c.req.json()
  } catch {
    throw new ApiError(400, 'validation', 'O corpo da requisição não é um JSON válido.')
  }
  refuseUncleanText(body, true)
  return body
}

function avatarKeyOf(url: string | null): string | null {
  if (!url?.startsWith(AVATAR_URL_PREFIX)) return null
  const key = url.slice(AVATAR_URL_PREFIX.length)
  return isStorageKey(key) ? key : null
}

async function deleteAvatarFile(storage: FileStorage, url: string | null) {
  const key = avatarKeyOf(url)
  // A leftover file is harmless (unreachable random key); failing the request for it would not be.
  if (key) await storage.delete('avatars', key).catch(() => {})
}

/** Decodes whatever image came in and re-encodes a 256×256 WebP: metadata (EXIF, GPS) is dropped. */
async function toAvatarWebp(bytes: Uint8Array): Promise<Buffer> {
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate() // apply the EXIF orientation before it is stripped
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer()
  } catch {
    throw new ApiError(400, 'not_image', AVATAR_NOT_IMAGE_MESSAGE)
  }
}

const TAG = apiTag('Perfil', 'Perfil público e foto do usuário.')

const avatarBody = {
  media: 'multipart/form-data',
  schema: {
    type: 'object',
    properties: {
      file: { type: 'string', format: 'binary', description: 'Imagem JPEG, PNG ou WebP.' },
    },
    required: ['file'],
  },
}

/** The body of POST/PATCH /api/profile/{collection}: one schema per collection, chosen by the path. */
function collectionBody(kind: 'create' | 'update') {
  return {
    media: 'application/json',
    schema: {
      description: 'O formato depende de {collection}: um esquema por coleção (title = nome da coleção).',
      oneOf: Object.entries(lawyerCollectionSchemas).map(([name, schemas]) => ({
        title: name,
        ...z.toJSONSchema(schemas[kind], { io: 'input', unrepresentable: 'any' }),
        $schema: undefined,
      })),
    },
  }
}

const tooLarge = () => new ApiError(413, 'too_large', AVATAR_TOO_LARGE_MESSAGE)

/** /api/profile: the signed-in user's own profile, avatar and lawyer sub-collections. */
export const profileRoutes = new Hono<AppEnv>()
  .get('/', routeDoc(TAG, 'Perfil do usuário da sessão'), async (c) => {
    const profile = await ensureProfile(c.get('db'), signedInUser(c))
    c.header('Cache-Control', 'no-store')
    return c.json(toProfileDto(profile))
  })
  .patch(
    '/',
    routeDoc(TAG, 'Atualiza o perfil'),
    signedIn,
    validate('json', updateProfileSchema),
    async (c) => {
      const profile = await updateProfile(c.get('db'), signedInUser(c), c.req.valid('json'))
      return c.json(toProfileDto(profile))
    },
  )
  .post(
    '/avatar',
    routeDoc(TAG, 'Envia a foto do perfil', { requestBody: avatarBody }),
    // Below the app-wide limit: refuse a too-large upload before reading it (the multipart envelope
    // adds a few hundred bytes to the file).
    bodyLimit({
      maxSize: AVATAR_MAX_BYTES + 16 * 1024,
      onError: () => {
        throw tooLarge()
      },
    }),
    async (c) => {
      const user = signedInUser(c)
      let body: Record<string, unknown>
      try {
        body = await c.req.parseBody()
      } catch {
        throw new ApiError(400, 'validation', 'Envie a imagem como multipart/form-data no campo "file".')
      }
      const file = body.file
      if (!(file instanceof File))
        throw new ApiError(400, 'validation', 'Envie a imagem como multipart/form-data no campo "file".')
      if (file.size > AVATAR_MAX_BYTES) throw tooLarge()
      const bytes = new Uint8Array(await file.arrayBuffer())
      // The content decides, never the name or the declared type: a text file renamed .png is refused.
      const detected = await fileTypeFromBuffer(bytes)
      if (!detected || !(AVATAR_MIME_TYPES as readonly string[]).includes(detected.mime))
        throw new ApiError(400, 'not_image', AVATAR_NOT_IMAGE_MESSAGE)
      const webp = await toAvatarWebp(bytes)

      const storage = getStorage(c.get('deps').env)
      const key = newStorageKey('webp')
      await storage.put('avatars', key, webp)
      let result
      try {
        result = await setAvatarUrl(c.get('db'), user, `${AVATAR_URL_PREFIX}${key}`)
      } catch (error) {
        await storage.delete('avatars', key).catch(() => {})
        throw error
      }
      await deleteAvatarFile(storage, result.previousUrl)
      return c.json(toProfileDto(result.profile))
    },
  )
  .delete('/avatar', routeDoc(TAG, 'Remove a foto do perfil'), async (c) => {
    const { profile, previousUrl } = await setAvatarUrl(c.get('db'), signedInUser(c), null)
    await deleteAvatarFile(getStorage(c.get('deps').env), previousUrl)
    return c.json(toProfileDto(profile))
  })
  .get('/:collection', routeDoc(TAG, 'Itens de uma coleção do perfil de advogado'), async (c) => {
    const user = signedInUser(c)
    const collection = collectionParam(c.req.param('collection'))
    const items = await listCollection(c.get('db'), collection, user.id)
    c.header('Cache-Control', 'no-store')
    return c.json<CollectionList<LawyerCollection>>({ items })
  })
  .post(
    '/:collection',
    routeDoc(TAG, 'Adiciona um item a uma coleção do perfil de advogado', {
      status: 201,
      requestBody: collectionBody('create'),
    }),
    async (c) => {
      const collection = collectionParam(c.req.param('collection'))
      const user = await requireLawyer(c)
      const parsed = lawyerCollectionSchemas[collection].create.safeParse(await parseBody(c))
      if (!parsed.success) throw formatValidationError(parsed.error)
      const item = await createCollectionItem(c.get('db'), collection, user.id, parsed.data)
      return c.json<CollectionItem<LawyerCollection>>(item, 201)
    },
  )
  .patch(
    '/:collection/:id',
    routeDoc(TAG, 'Altera um item de uma coleção do perfil de advogado', {
      requestBody: collectionBody('update'),
    }),
    async (c) => {
      const collection = collectionParam(c.req.param('collection'))
      const id = idParam(c.req.param('id'))
      const user = await requireLawyer(c)
      const parsed = lawyerCollectionSchemas[collection].update.safeParse(await parseBody(c))
      if (!parsed.success) throw formatValidationError(parsed.error)
      refuseEmptyUpdate(parsed.data)
      const item = await updateCollectionItem(c.get('db'), collection, user.id, id, parsed.data)
      return c.json<CollectionItem<LawyerCollection>>(item)
    },
  )
  .delete('/:collection/:id', routeDoc(TAG, 'Remove um item de uma coleção', { status: 204 }), async (c) => {
    const collection = collectionParam(c.req.param('collection'))
    const id = idParam(c.req.param('id'))
    const user = await requireLawyer(c)
    await deleteCollectionItem(c.get('db'), collection, user.id, id)
    return c.body(null, 204)
  })

/** /api/files/avatars/:key — the resized avatars, public like the spec's 'avatars' bucket. */
export const avatarFileRoutes = new Hono<AppEnv>().get(
  '/:key',
  routeDoc(TAG, 'Foto de perfil (WebP)', { media: 'image/webp', public: true }),
  async (c) => {
    const key = c.req.param('key')
    // Only our own random keys: '..', '/', '%2f' and friends never reach the file system.
    if (!isStorageKey(key)) throw notFound('Arquivo não encontrado.')
    const data = await getStorage(c.get('deps').env).get('avatars', key)
    if (!data) throw notFound('Arquivo não encontrado.')
    return c.body(new Uint8Array(data), 200, {
      'Content-Type': 'image/webp',
      'X-Content-Type-Options': 'nosniff',
      'Content-Disposition': 'inline',
      // A key is never reused for other bytes (every upload gets a new one).
      'Cache-Control': 'public, max-age=31536000, immutable',
    })
  },
)
