import { lazy, Suspense, useRef, useState } from 'react'
import { Wand2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/ui/button'
import type { GenerateDefaults } from './generate-document-dialog'

// 'Gerar documento' on the client and case screens (through templates.public.ts): the dialog's code loads
// only when the button is first used, so those screens (and the dashboard's home, which opens the client
// form) stay as light as they were.

const LazyGenerateDialog = lazy(() =>
  import('./generate-document-dialog').then((m) => ({ default: m.GenerateDocumentDialog })),
)

/** 'Gerar documento' on a client's or a case's screen: the dialog opens with that record chosen. */
export function GenerateDocumentButton({
  client,
  case: caseRef,
}: {
  client: GenerateDefaults['client']
  case?: GenerateDefaults['case']
}) {
  const { t } = useTranslation('templates')
  const [open, setOpen] = useState(false)
  const [used, setUsed] = useState(false)
  const buttonRef = useRef<HTMLButtonElement>(null)
  return (
    <>
      <Button
        ref={buttonRef}
        type="button"
        variant="outline"
        size="sm"
        className="w-fit"
        onClick={() => {
          setUsed(true)
          setOpen(true)
        }}
      >
        <Wand2 aria-hidden />
        {t('tab.generate')}
      </Button>
      {used && (
        <Suspense fallback={null}>
          <LazyGenerateDialog
            open={open}
            onOpenChange={setOpen}
            onCloseAutoFocus={(event) => {
              event.preventDefault()
              buttonRef.current?.focus()
            }}
            defaults={{ client, case: caseRef }}
          />
        </Suspense>
      )}
    </>
  )
}
