import i18next, { type BackendModule } from 'i18next'
import { initReactI18next } from 'react-i18next'
import commonPtBR from '../locales/pt-BR/common.json'
import { LANGUAGE_STORAGE_KEY, LANGUAGES, storedLanguage, type Language } from './language'

export { LANGUAGE_STORAGE_KEY, LANGUAGES, storedLanguage, type Language }

// One JSON file per language and namespace (src/locales/<lang>/<ns>.json), each loaded only when a
// screen asks for it: the landing page doesn't download the dashboard's texts.
const catalogs = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json')

const lazyCatalogs: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = catalogs[`../locales/${language}/${namespace}.json`]
    if (!load) return callback(null, {}) // missing file: fall back to pt-BR
    load().then(
      (module) => callback(null, module.default),
      (error: Error) => callback(error, false),
    )
  },
}

export function changeLanguage(language: Language) {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language)
  } catch {
    // not persisted; still switched for this visit
  }
  document.documentElement.lang = language
  return i18next.changeLanguage(language)
}

void i18next
  .use(lazyCatalogs)
  .use(initReactI18next)
  .init({
    lng: storedLanguage(),
    fallbackLng: 'pt-BR',
    supportedLngs: LANGUAGES,
    ns: ['common'],
    defaultNS: 'common',
    partialBundledLanguages: true,
    resources: { 'pt-BR': { common: commonPtBR } },
    interpolation: { escapeValue: false }, // React escapes
    react: { useSuspense: true },
  })

export { i18next }
