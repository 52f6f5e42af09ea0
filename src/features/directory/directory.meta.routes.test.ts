import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jsonRequest, lawyerSignUp, signUp } from '../../test/accounts'
import { createTestApp, type TestApp } from '../../test/test-app'
import { createApp } from '../../server/app.server'
import type { AppDeps } from '../../platform/app-env.server'

let t: TestApp & { deps: AppDeps }
let site: ReturnType<typeof createApp>
let clientDir: string
let slug: string
let cookie: string

const INDEX = `<!doctype html>
<html lang="pt-BR">
  <head>
    <meta name="description" content="JusConecta: encontre advogados." />
    <title>JusConecta - Conectando o mundo jurídico</title>
  </head>
  <body><div id="root"></div></body>
</html>
`

beforeAll(async () => {
  t = await createTestApp()
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jc-dir-meta-'))
  fs.writeFileSync(path.join(clientDir, 'index.html'), INDEX)
  site = createApp(t.deps, { clientDir })
  ;({ cookie } = await signUp(
    t,
    lawyerSignUp({ nomeCompleto: 'Beatriz "<Bia>" Araújo', oabNumero: '54321', oabEstado: 'SP' }),
  ))
  await t.handle.db.execute(
    sql`update profiles set bio_profissional = 'Família & sucessões <script>alert(1)</script>' where nome_completo like 'Beatriz%'`,
  )
  slug = (
    await t.handle.db.execute<{ slug: string }>(
      sql`select slug from profiles where nome_completo like 'Beatriz%'`,
    )
  ).rows[0]!.slug
})
afterAll(async () => {
  await t.close()
  fs.rmSync(clientDir, { recursive: true, force: true })
})

describe('server-written page meta for /advogados/:slug', () => {
  it('writes the title, description and Open Graph tags, escaped', async () => {
    expect(slug).toMatch(/^beatriz-bia-araujo-[0-9a-f]{8}$/)
    const response = await site.request(`/advogados/${slug}`)
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain(
      '<title>Beatriz &#34;&#60;Bia&#62;&#34; Araújo — Advogado(a) · OAB 54.321/SP · São Paulo/SP | JusConecta</title>',
    )
    expect(html).toContain('<meta property="og:type" content="profile" />')
    expect(html).toContain(`<meta property="og:url" content="http://localhost:3000/advogados/${slug}" />`)
    expect(html).toMatch(/<meta property="og:title" content="Beatriz &#34;&#60;Bia&#62;&#34; Araújo/)
    expect(html).toMatch(
      /<meta name="description" content="Advogado\(a\) · OAB 54.321\/SP · São Paulo\/SP\. Família &#38; sucessões &#60;script&#62;/,
    )
    expect(html).not.toContain('<script>alert')
    expect(html.match(/<title>/g)).toHaveLength(1)
  })

  it('answers 404 for a private or unknown profile, and leaves other pages alone', async () => {
    expect((await site.request('/advogados/ninguem-12345678')).status).toBe(404)
    const off = { perfilPublico: false, atendeVideo: false, mostrarHonorarios: false }
    await t.app.request('/api/directory/me/visibility', jsonRequest('PUT', off, cookie))
    const hidden = await site.request(`/advogados/${slug}`)
    expect(hidden.status).toBe(404)
    expect(await hidden.text()).not.toContain('Beatriz')
    const home = await site.request('/')
    expect(await home.text()).toBe(INDEX)
  })
})
