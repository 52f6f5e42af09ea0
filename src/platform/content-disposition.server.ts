/** 'Petição Inicial.pdf' → 'Peticao Inicial.pdf': the plain filename= for clients without RFC 5987. */
function asciiFallback(name: string): string {
  const ascii = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]|["\\;]/g, '_')
    .trim()
  return ascii === '' ? 'documento' : ascii
}

/** RFC 6266 Content-Disposition with the original name (RFC 5987 filename*) and an ASCII fallback. */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `${kind}; filename="${asciiFallback(name)}"; filename*=UTF-8''${encoded}`
}
