import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/test-app'
import { signUp } from '../../test/accounts'
import { AVATAR_NOT_IMAGE_MESSAGE, AVATAR_TOO_LARGE_MESSAGE } from './profiles.schema'

let t: TestApp
let cookie: string

beforeAll(async () => {
  t = await createTestApp()
  cookie = (await signUp(t)).cookie
})
afterAll(async () => {
  await t.close()
  fs.rmSync(t.env.dataDir, { recursive: true, force: true })
})

const AVATAR_URL = /^\/api\/files\/avatars\/[A-Za-z0-9_-]{24}\.webp$/

function image(format: 'png' | 'jpeg' | 'webp' | 'gif' | 'avif', width = 640, height = 480) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .toFormat(format)
    .toBuffer()
}

function upload(bytes: Uint8Array, name: string, type: string, who = cookie) {
  const form = new FormData()
  form.append('file', new File([new Uint8Array(bytes)], name, { type }))
  return t.app.request('/api/profile/avatar', { method: 'POST', body: form, headers: { cookie: who } })
}

const fileOnDisk = (url: string) => path.join(t.env.dataDir, 'files', 'avatars', url.split('/').pop() ?? '')

describe('POST /api/profile/avatar', () => {
  it('stores a 256×256 WebP, points the profile at it and serves it', async () => {
    const response = await upload(await image('png'), 'foto.png', 'image/png')
    expect(response.status).toBe(200)
    const profile = await response.json()
    expect(profile.avatarUrl).toMatch(AVATAR_URL)
    expect(fs.existsSync(fileOnDisk(profile.avatarUrl))).toBe(true)

    const served = await t.app.request(profile.avatarUrl)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/webp')
    expect(served.headers.get('x-content-type-options')).toBe('nosniff')
    expect(served.headers.get('cache-control')).toContain('max-age')
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata()
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 })

    const me = await (await t.app.request('/api/me', { headers: { cookie } })).json()
    expect(me.profile.avatarUrl).toBe(profile.avatarUrl)
  })

  it.each(['jpeg', 'webp', 'gif', 'avif'] as const)('accepts a %s image', async (format) => {
    const response = await upload(await image(format, 300, 900), `foto.${format}`, `image/${format}`)
    expect(response.status).toBe(200)
  })

  it('removes the previous file when a new avatar arrives', async () => {
    const first = await (await upload(await image('png'), 'a.png', 'image/png')).json()
    const second = await (await upload(await image('jpeg'), 'b.jpg', 'image/jpeg')).json()
    expect(second.avatarUrl).not.toBe(first.avatarUrl)
    expect(fs.existsSync(fileOnDisk(first.avatarUrl))).toBe(false)
    expect((await t.app.request(first.avatarUrl)).status).toBe(404)
    expect((await t.app.request(second.avatarUrl)).status).toBe(200)
  })

  it('drops the photo’s metadata (EXIF, GPS)', async () => {
    const withExif = await sharp(await image('jpeg'))
      .withExif({ IFD0: { Copyright: 'Segredo', Artist: 'Cliente' } })
      .jpeg()
      .toBuffer()
    expect((await sharp(withExif).metadata()).exif).toBeDefined()
    const profile = await (await upload(withExif, 'foto.jpg', 'image/jpeg')).json()
    const served = Buffer.from(await (await t.app.request(profile.avatarUrl)).arrayBuffer())
    expect((await sharp(served).metadata()).exif).toBeUndefined()
  })

  it('judges by content: a text file named .png is refused and nothing changes', async () => {
    const before = await (await t.app.request('/api/profile', { headers: { cookie } })).json()
    const response = await upload(new TextEncoder().encode('não sou uma imagem'), 'foto.png', 'image/png')
    expect(response.status).toBe(400)
    expect((await response.json()).error.message).toBe(AVATAR_NOT_IMAGE_MESSAGE)
    const after = await (await t.app.request('/api/profile', { headers: { cookie } })).json()
    expect(after.avatarUrl).toBe(before.avatarUrl)
  })

  it('refuses a PDF even when it claims to be an image', async () => {
    const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF')
    const response = await upload(pdf, 'foto.jpg', 'image/jpeg')
    expect(response.status).toBe(400)
    expect((await response.json()).error.message).toBe(AVATAR_NOT_IMAGE_MESSAGE)
  })

  it('refuses a file over 5MB', async () => {
    const big = new Uint8Array(6 * 1024 * 1024)
    big.set(await image('png', 10, 10))
    const response = await upload(big, 'grande.png', 'image/png')
    expect(response.status).toBe(413)
    expect((await response.json()).error.message).toBe(AVATAR_TOO_LARGE_MESSAGE)
  })

  it('answers 400 without a file field', async () => {
    const form = new FormData()
    form.append('other', 'x')
    const response = await t.app.request('/api/profile/avatar', {
      method: 'POST',
      body: form,
      headers: { cookie },
    })
    expect(response.status).toBe(400)
  })
})

describe('DELETE /api/profile/avatar', () => {
  it('removes the file and the URL', async () => {
    const { avatarUrl } = await (await upload(await image('png'), 'a.png', 'image/png')).json()
    const response = await t.app.request('/api/profile/avatar', { method: 'DELETE', headers: { cookie } })
    expect(response.status).toBe(200)
    expect((await response.json()).avatarUrl).toBeNull()
    expect(fs.existsSync(fileOnDisk(avatarUrl))).toBe(false)
    expect((await t.app.request(avatarUrl)).status).toBe(404)
  })
})

describe('GET /api/files/avatars/:key', () => {
  it.each([
    '/api/files/avatars/..%2f..%2fpackage.json',
    '/api/files/avatars/..%2F..%2F..%2Fetc%2Fpasswd',
    '/api/files/avatars/%2e%2e%2fsecret.webp',
    '/api/files/avatars/....webp',
    '/api/files/avatars/AAAAAAAAAAAAAAAAAAAAAAAA.png',
    '/api/files/avatars/AAAAAAAAAAAAAAAAAAAAAAAA.webp',
  ])('refuses %s with 404', async (url) => {
    const response = await t.app.request(url)
    expect(response.status).toBe(404)
    expect(response.headers.get('content-type')).toContain('application/json')
  })

  it('still serves an avatar stored before issue 8 under DATA_DIR/uploads/avatars', async () => {
    const key = 'LegacyAvatarKey_12345678.webp'
    const webp = await image('webp', 256, 256)
    fs.mkdirSync(path.join(t.env.dataDir, 'uploads', 'avatars'), { recursive: true })
    fs.writeFileSync(path.join(t.env.dataDir, 'uploads', 'avatars', key), webp)
    const response = await t.app.request(`/api/files/avatars/${key}`)
    expect(response.status).toBe(200)
    expect(Buffer.from(await response.arrayBuffer())).toEqual(webp)
  })

  it('does not let a user delete someone else’s file through the profile', async () => {
    const other = await signUp(t)
    const mine = await (await upload(await image('png'), 'a.png', 'image/png')).json()
    await t.app.request('/api/profile/avatar', { method: 'DELETE', headers: { cookie: other.cookie } })
    expect((await t.app.request(mine.avatarUrl)).status).toBe(200)
  })
})
