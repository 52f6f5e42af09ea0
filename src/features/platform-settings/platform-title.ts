/** The name pages write into their titles, replaced by the platform's configured name (/admin/settings). */
export const PRODUCT_NAME = 'JusConecta'

/**
 * A page's title with 'JusConecta' replaced by the platform's name. Idempotent, also when the name contains
 * 'JusConecta' ('JusConecta Sul'): occurrences of the name are kept, so a title already renamed comes back
 * unchanged. Replacing every 'JusConecta' grew such a title on each pass, and the frame's title observer
 * looped for ever: the page froze on 'Carregando...'.
 */
export function platformTitle(title: string, name: string): string {
  return title
    .split(name)
    .map((part) => part.split(PRODUCT_NAME).join(name))
    .join(name)
}
