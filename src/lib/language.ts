// The interface language, readable without i18next: the landing page picks its catalog with it and
// doesn't download i18next (src/lib/i18n.ts re-exports all of this).
export const LANGUAGES = ['pt-BR', 'en', 'es'] as const
export type Language = (typeof LANGUAGES)[number]
export const LANGUAGE_STORAGE_KEY = 'jusconecta-language'

export function storedLanguage(): Language {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY)
    return (LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as Language) : 'pt-BR'
  } catch {
    return 'pt-BR'
  }
}
