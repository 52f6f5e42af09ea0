import { describe, expect, it } from 'vitest'
import type { RouteObject } from 'react-router'
import en from '../../locales/en/platform-analytics.json'
import es from '../../locales/es/platform-analytics.json'
import ptBR from '../../locales/pt-BR/platform-analytics.json'
import { paths } from '../../lib/paths'
import { formatPercent, formatSessionTime, shortDay } from './analytics-format'
import { deviceClass, optedOut } from './platform-analytics.device.server'
import { routePattern } from './page-view-reporter'
import { KNOWN_PATTERNS, normalizePattern, OTHER_PAGE } from './route-patterns'
import { currentVisitId, resetVisitMemory, VISIT_IDLE_MS, VISIT_STORAGE_KEY } from './visit-id'
import { expectSameKeys } from '../../test/locale-catalogs'

describe('normalizePattern: only known route patterns are ever stored', () => {
  it.each([
    ['/', '/'],
    ['/advogados/:slug', '/advogados/:slug'],
    ['/advogados/maria-silva-1234', '/advogados/:slug'],
    ['/vagas/9b1c2d3e-0000-4000-8000-000000000000?x=1#top', '/vagas/:id'],
    ['/convite/secret-token', '/convite/:token'],
    ['/dashboard/crm/', '/dashboard/crm'],
    ['/admin/analytics', '/admin/analytics'],
    ['/advogados/', OTHER_PAGE],
    ['/advogados/a/b', OTHER_PAGE],
    ['/wp-login.php', OTHER_PAGE],
    ['/dashboard/clients/123', OTHER_PAGE],
  ])('%s → %s', (input, expected) => expect(normalizePattern(input)).toBe(expected))

  it('knows every path of src/lib/paths.ts', () => {
    expect(KNOWN_PATTERNS).toContain(paths.dashboard.analytics)
    expect(KNOWN_PATTERNS).toContain(paths.lawyer)
    expect(KNOWN_PATTERNS.every((p) => p.startsWith('/'))).toBe(true)
  })
})

describe('routePattern: the browser names the route, not the path', () => {
  const routes: RouteObject[] = [
    {
      children: [
        { path: '/' },
        { path: '/advogados/:slug' },
        { path: '/dashboard', children: [{ index: true }, { path: '/dashboard/crm' }] },
        { path: '*' },
      ],
    },
  ]
  it.each([
    ['/', '/'],
    ['/advogados/joana-1', '/advogados/:slug'],
    ['/dashboard', '/dashboard'],
    ['/dashboard/crm', '/dashboard/crm'],
    ['/nada/aqui', '(outra)'],
  ])('%s → %s', (pathname, expected) => expect(routePattern(routes, pathname)).toBe(expected))
})

describe('deviceClass: the user agent becomes a class and is dropped', () => {
  it.each([
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36', 'desktop'],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15',
      'desktop',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 HeadlessChrome/131.0 Safari/537.36', 'desktop'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148', 'mobile'],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36',
      'mobile',
    ],
    ['Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148', 'tablet'],
    ['Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 Chrome/131.0 Safari/537.36', 'tablet'],
    ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', null],
    ['curl/8.5.0', null],
    [undefined, null],
    ['', null],
  ])('%s → %s', (ua, expected) => expect(deviceClass(ua)).toBe(expected))

  it('honours DNT and Global Privacy Control', () => {
    const headers = (h: Record<string, string>) => (name: string) => h[name]
    expect(optedOut(headers({ dnt: '1' }))).toBe(true)
    expect(optedOut(headers({ 'sec-gpc': '1' }))).toBe(true)
    expect(optedOut(headers({ dnt: '0' }))).toBe(false)
    expect(optedOut(headers({}))).toBe(false)
  })
})

describe('currentVisitId: random, per tab, renewed after 30 idle minutes', () => {
  const memoryStorage = () => {
    const store = new Map<string, string>()
    return {
      store,
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
    }
  }

  it('keeps the id while the tab is active and renews it after the idle limit', () => {
    const storage = memoryStorage()
    const first = currentVisitId(1_000, storage)
    expect(first).toMatch(/^[a-f0-9]{32}$/)
    expect(currentVisitId(1_000 + VISIT_IDLE_MS, storage)).toBe(first)
    expect(currentVisitId(1_000 + 2 * VISIT_IDLE_MS, storage)).toBe(first)
    const renewed = currentVisitId(2_000 + 3 * VISIT_IDLE_MS + 1, storage)
    expect(renewed).not.toBe(first)
    expect(JSON.parse(storage.store.get(VISIT_STORAGE_KEY) ?? '{}')).toEqual({
      id: renewed,
      at: 2_000 + 3 * VISIT_IDLE_MS + 1,
    })
  })

  it('gives two tabs (two storages) different ids, and survives broken or blocked storage', () => {
    expect(currentVisitId(0, memoryStorage())).not.toBe(currentVisitId(0, memoryStorage()))
    const broken = memoryStorage()
    broken.store.set(VISIT_STORAGE_KEY, '{not json')
    expect(currentVisitId(0, broken)).toMatch(/^[a-f0-9]{32}$/)
    resetVisitMemory()
    const blocked = {
      getItem: () => {
        throw new Error('blocked')
      },
      setItem: () => {
        throw new Error('blocked')
      },
    }
    const id = currentVisitId(0, blocked)
    expect(currentVisitId(1000, blocked)).toBe(id)
  })
})

describe('display', () => {
  it('formats session time as mm:ss and rates as pt-BR percentages', () => {
    expect(formatSessionTime(100)).toBe('01:40')
    expect(formatSessionTime(0)).toBe('00:00')
    expect(formatSessionTime(4503)).toBe('75:03')
    expect(formatSessionTime(null)).toBeUndefined()
    expect(formatPercent(1 / 3)?.replace(/\s/g, ' ')).toBe('33,3%')
    expect(formatPercent(null)).toBeUndefined()
    expect(shortDay('2026-11-05')).toBe('05/11')
  })
})

describe("the 'platform-analytics' catalogs", () => {
  it.each([
    ['en', en],
    ['es', es],
  ])('%s has exactly the keys and placeholders of pt-BR', (_language, catalog) =>
    expectSameKeys(catalog, ptBR),
  )
})
