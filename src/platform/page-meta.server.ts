import type { AppDeps } from './app-env.server'
import { log } from './log.server'

/**
 * Server-side <title>, description and Open Graph tags for the SPA's public pages, so a shared link previews
 * well (crawlers don't run the SPA). src/server/app.server.ts serves index.html for every client route and
 * asks the registered providers first; the first that recognises the path decides.
 *
 * Usage (a feature that owns a public page, e.g. JOBS for /vagas/:id, PANELS for /entidades/:slug):
 *
 *   // src/features/jobs/jobs.meta.server.ts, re-exported by jobs.public.server.ts
 *   export const jobPageMeta: PageMetaProvider = {
 *     pattern: /^\/vagas\/([0-9a-f-]{36})$/,
 *     async resolve([, id], deps) {
 *       const job = await findOpenJob(deps.db, id!)   // public data only
 *       if (!job) return 'not-found'                    // served with status 404 (the SPA shows its 404 page)
 *       return { title: `${job.titulo} — ${job.empresa}`, description: job.descricao, type: 'article' }
 *     },
 *   }
 *
 * then add it to PAGE_META_PROVIDERS in src/server/app.server.ts (one line). Values are plain text:
 * renderPageMeta escapes them. `image` may be a path ('/api/files/avatars/…'): it is made absolute.
 */
export interface PageMeta {
  title: string
  description: string
  image?: string | null
  type?: 'website' | 'profile' | 'article'
}

export interface PageMetaProvider {
  /** Matched against the request path (no query string). */
  pattern: RegExp
  resolve(match: RegExpExecArray, deps: AppDeps): Promise<PageMeta | 'not-found'>
}

const DESCRIPTION_MAX = 200
const SITE_NAME = 'JusConecta'

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`
}

/** The first provider whose pattern matches `path`, resolved; undefined when none matches (or it fails). */
export async function resolvePageMeta(
  providers: readonly PageMetaProvider[],
  path: string,
  deps: AppDeps,
): Promise<PageMeta | 'not-found' | undefined> {
  for (const provider of providers) {
    const match = provider.pattern.exec(path)
    if (!match) continue
    try {
      return await provider.resolve(match, deps)
    } catch (error) {
      // The page still works without its tags: serve the plain SPA rather than an error page.
      log.error('page_meta.failed', { error })
      return undefined
    }
  }
  return undefined
}

/** index.html with the page's title and description replaced and the Open Graph / Twitter tags added. */
export function renderPageMeta(html: string, meta: PageMeta, publicUrl: string, path: string): string {
  const base = publicUrl.replace(/\/$/, '')
  const title = escapeHtml(clip(meta.title, 120))
  const description = escapeHtml(clip(meta.description, DESCRIPTION_MAX))
  const url = escapeHtml(`${base}${path}`)
  const image = meta.image
    ? escapeHtml(meta.image.startsWith('/') ? `${base}${meta.image}` : meta.image)
    : null
  const tags = [
    `<meta property="og:site_name" content="${SITE_NAME}" />`,
    `<meta property="og:locale" content="pt_BR" />`,
    `<meta property="og:type" content="${meta.type ?? 'website'}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${url}" />`,
    `<link rel="canonical" href="${url}" />`,
    `<meta name="twitter:card" content="${image ? 'summary' : 'summary'}" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    ...(image ? [`<meta property="og:image" content="${image}" />`] : []),
  ].join('\n    ')
  return html
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${title}</title>`)
    .replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${description}" />`,
    )
    .replace('</head>', () => `    ${tags}\n  </head>`)
}
