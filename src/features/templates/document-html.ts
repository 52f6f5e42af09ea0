/**
 * How a template's HTML subset (p, h1–h3, strong, em, u, ul, ol, li, br, mark, text-align) looks on screen,
 * in the editor and in the preview alike: the app has no typography plugin, so each tag is styled here.
 * A missing field (`<mark data-missing>`) is highlighted in the warning colour, with an outline so it does
 * not rely on colour alone.
 */
export const DOCUMENT_HTML_CLASSES = [
  'text-sm leading-relaxed [overflow-wrap:anywhere]',
  '[&_p]:my-2 [&_h1]:my-3 [&_h1]:text-xl [&_h1]:font-bold [&_h2]:my-3 [&_h2]:text-lg [&_h2]:font-semibold',
  '[&_h3]:my-2 [&_h3]:text-base [&_h3]:font-semibold [&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-6',
  '[&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-6 [&_li_p]:my-0',
  '[&_mark]:rounded-sm [&_mark]:bg-warning/25 [&_mark]:px-1 [&_mark]:text-foreground [&_mark]:outline [&_mark]:outline-1 [&_mark]:outline-warning-strong',
].join(' ')
