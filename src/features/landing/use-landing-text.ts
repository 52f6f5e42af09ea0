import { use, useEffect } from 'react'
import { storedLanguage, type Language } from '../../lib/language'
import ptBR from '../../locales/pt-BR/landing.json'

// The landing page reads its catalog (namespace 'landing') without i18next, which would add ~19 KB gzip
// to the first screen most visitors see. pt-BR ships inside the page; en and es load on demand and fall
// back to pt-BR key by key, as i18next's fallbackLng does.
export type LandingText = typeof ptBR

type Catalog = { [key: string]: string | Catalog }

const loaders: Record<Exclude<Language, 'pt-BR'>, () => Promise<{ default: unknown }>> = {
  en: () => import('../../locales/en/landing.json'),
  es: () => import('../../locales/es/landing.json'),
}
const loaded = new Map<Language, Promise<LandingText>>()

/** `base` with every string that `override` has at the same path (the shape of `base` is kept). */
export function mergeCatalog(base: Catalog, override: unknown): Catalog {
  if (!override || typeof override !== 'object') return base
  const source = override as Record<string, unknown>
  const merged: Catalog = {}
  for (const [key, value] of Object.entries(base)) {
    const candidate = source[key]
    if (typeof value === 'string') merged[key] = typeof candidate === 'string' ? candidate : value
    else merged[key] = mergeCatalog(value, candidate)
  }
  return merged
}

function loadCatalog(language: Exclude<Language, 'pt-BR'>): Promise<LandingText> {
  let promise = loaded.get(language)
  if (!promise) {
    promise = loaders[language]().then(
      (module) => mergeCatalog(ptBR, module.default) as LandingText,
      () => ptBR, // offline or stale deploy: pt-BR is better than a broken page
    )
    loaded.set(language, promise)
  }
  return promise
}

/** The landing texts in the visitor's language (suspends while en/es load). */
export function useLandingText(): LandingText {
  const language = storedLanguage()
  useEffect(() => {
    document.documentElement.lang = language
  }, [language])
  return language === 'pt-BR' ? ptBR : use(loadCatalog(language))
}

/** Replaces `{{name}}` placeholders, i18next style. */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (match, name: string) =>
    name in values ? String(values[name]) : match,
  )
}
