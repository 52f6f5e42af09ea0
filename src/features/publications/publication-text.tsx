import { useLayoutEffect, useMemo, useRef, useState } from 'react'
import { ChevronDown, ChevronUp } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/ui/button'
import { cn } from '../../lib/utils'
import { sanitizePublicationHtml } from './publication-html'

/** Height (px) of a collapsed text: about ten lines. */
const COLLAPSED_PX = 240

/** The item's text: the server-sanitised HTML, sanitised once more, collapsed to ten lines when long. */
export function PublicationText({ html, id }: { html: string; id: string }) {
  const { t } = useTranslation('publications')
  const clean = useMemo(() => sanitizePublicationHtml(html), [html])
  const ref = useRef<HTMLDivElement>(null)
  const [long, setLong] = useState(false)
  const [expanded, setExpanded] = useState(false)

  useLayoutEffect(() => {
    const element = ref.current
    if (element) setLong(element.scrollHeight > COLLAPSED_PX + 24)
  }, [clean])

  const textId = `publication-text-${id}`
  return (
    <div className="grid gap-1">
      <div
        ref={ref}
        id={textId}
        data-testid="publication-text"
        aria-label={t('item.texto')}
        role="region"
        className={cn(
          'relative text-sm leading-relaxed break-words [&_a]:text-primary [&_a]:underline [&_blockquote]:border-l-2 [&_blockquote]:pl-3 [&_h1]:font-semibold [&_h2]:font-semibold [&_h3]:font-semibold [&_h4]:font-semibold [&_li]:my-0.5 [&_ol]:list-decimal [&_ol]:pl-5 [&_p]:my-1.5 [&_pre]:whitespace-pre-wrap [&_table]:my-2 [&_table]:block [&_table]:max-w-full [&_table]:overflow-x-auto [&_td]:border [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:px-2 [&_th]:py-1 [&_ul]:list-disc [&_ul]:pl-5',
          // max-h-60 = COLLAPSED_PX
          long && !expanded && 'max-h-60 overflow-hidden',
        )}
        // Only this field, sanitised by the server at capture and again just above.
        dangerouslySetInnerHTML={{ __html: clean }}
      />
      {long && (
        <Button
          type="button"
          variant="link"
          size="sm"
          className="justify-self-start px-0"
          aria-expanded={expanded}
          aria-controls={textId}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? <ChevronUp aria-hidden /> : <ChevronDown aria-hidden />}
          {expanded ? t('item.collapse') : t('item.expand')}
        </Button>
      )}
    </div>
  )
}
