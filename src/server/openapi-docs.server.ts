import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { Hono, type Schema } from 'hono'
import type { AppEnv } from '../platform/app-env.server'
import { notFound } from '../platform/http-error.server'
import { apiTag, routeDoc } from '../platform/route-doc.server'
import { buildOpenApiDocument, type OpenApiDocument } from './openapi.server'

// Swagger UI is served from node_modules under a versioned path (cached for a year) and only on
// /api/docs: it never enters the SPA bundle. No CDN, no inline script: the CSP stays script-src 'self'.
const swaggerDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'))
const SWAGGER_VERSION = (
  JSON.parse(fs.readFileSync(path.join(swaggerDir, 'package.json'), 'utf8')) as { version: string }
).version
const ASSETS = `/api/docs/assets/swagger-ui-${SWAGGER_VERSION}`
const SWAGGER_FILES: Record<string, string> = {
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui.css': 'text/css; charset=utf-8',
}

/** Starts Swagger UI; its options live here, read by the page as a same-origin file. */
const DOCS_JS = `'use strict'
;(function () {
  var root = document.getElementById('swagger-ui')
  window.SwaggerUIBundle({
    url: root.getAttribute('data-url'),
    domNode: root,
    presets: [window.SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    deepLinking: true,
    docExpansion: 'list',
    defaultModelsExpandDepth: 0,
    displayRequestDuration: true,
    filter: true,
    validatorUrl: null,
    withCredentials: true,
  })
})()
`

const DOCS_CSS = `body { margin: 0; font-family: system-ui, sans-serif; color: #1f2937; }
.jc-intro { max-width: 1460px; margin: 0 auto; padding: 24px 20px 0; }
.jc-intro h1 { margin: 0 0 8px; font-size: 1.75rem; }
.jc-intro p { margin: 4px 0; line-height: 1.5; }
.jc-intro code { background: #f3f4f6; padding: 1px 4px; border-radius: 4px; }
`

const DOCS_HTML = `<!doctype html>
<html lang="pt-BR">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>JusConecta — Referência da API</title>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <link rel="stylesheet" href="${ASSETS}/swagger-ui.css" />
    <link rel="stylesheet" href="/api/docs/assets/docs.css" />
    <script defer src="${ASSETS}/swagger-ui-bundle.js"></script>
    <script defer src="/api/docs/assets/docs.js"></script>
  </head>
  <body>
    <header class="jc-intro">
      <h1>Referência da API do JusConecta</h1>
      <p>
        Para integradores: cada rota em <code>/api</code>, o que aceita e o que responde, descrito a partir
        do próprio código que valida as requisições.
      </p>
      <p>Documento OpenAPI 3.1: <a href="/api/openapi.json">/api/openapi.json</a></p>
    </header>
    <main id="swagger-ui" data-url="/api/openapi.json">
      <noscript><p class="jc-intro">Ative o JavaScript para navegar pela referência.</p></noscript>
    </main>
  </body>
</html>
`

const fileCache = new Map<string, Buffer>()

/** The health check and this documentation. */
export const SYSTEM_TAG = apiTag('Sistema', 'Saúde e documentação.')

/**
 * GET /api/openapi.json and the reference page GET /api/docs. `api` is the app of createApiRoutes():
 * the document is built from its routes (and these) on the first request, then kept.
 */
export function openApiRoutes(api: Hono<AppEnv, Schema, string>) {
  let document: Promise<OpenApiDocument> | undefined
  const routes = new Hono<AppEnv>()
  routes
    .get('/openapi.json', routeDoc(SYSTEM_TAG, 'Este documento OpenAPI', { public: true }), async (c) => {
      document ??= buildOpenApiDocument(
        new Hono().route('/api', api).route('/api', routes) as unknown as Hono,
        c.get('deps').auth,
      ).catch((error: unknown) => {
        document = undefined
        throw error
      })
      c.header('Cache-Control', 'no-cache')
      return c.json(await document)
    })
    .get(
      '/docs',
      routeDoc(SYSTEM_TAG, 'Referência da API para integradores (HTML)', {
        media: 'text/html',
        public: true,
      }),
      (c) => {
        c.header('Cache-Control', 'no-cache')
        return c.html(DOCS_HTML)
      },
    )
    .get('/docs/assets/docs.js', (c) =>
      c.body(DOCS_JS, 200, {
        'Content-Type': 'text/javascript; charset=utf-8',
        'Cache-Control': 'no-cache',
      }),
    )
    .get('/docs/assets/docs.css', (c) =>
      c.body(DOCS_CSS, 200, { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': 'no-cache' }),
    )
    .get(`/docs/assets/swagger-ui-${SWAGGER_VERSION}/:file`, async (c) => {
      const file = c.req.param('file')
      const type = SWAGGER_FILES[file]
      if (!type) throw notFound('Arquivo não encontrado.')
      let bytes = fileCache.get(file)
      if (!bytes) {
        bytes = await fs.promises.readFile(path.join(swaggerDir, file))
        fileCache.set(file, bytes)
      }
      return c.body(new Uint8Array(bytes), 200, {
        'Content-Type': type,
        // The version is in the path: a new Swagger UI gets a new URL.
        'Cache-Control': 'public, max-age=31536000, immutable',
      })
    })
  return routes
}
