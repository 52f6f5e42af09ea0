import { useEffect } from 'react'
import { Wrench } from 'lucide-react'
import { paths } from '../lib/paths'

export interface MaintenancePageText {
  documentTitle: string
  title: string
  message: string
  adminSignIn: string
}

/**
 * The platform's maintenance page (issue 14), texts already in the visitor's language: the router's frame
 * passes i18next's, the landing page (which loads no i18next) its own catalog's. One page, two callers.
 */
export function MaintenancePage({ text }: { text: MaintenancePageText }) {
  useEffect(() => {
    document.title = text.documentTitle
  }, [text.documentTitle])
  return (
    <main className="flex min-h-screen items-center justify-center bg-muted/30 p-6">
      <section
        aria-labelledby="maintenance-title"
        className="flex max-w-md flex-col items-center gap-4 rounded-lg border bg-background p-8 text-center shadow-sm"
      >
        <Wrench aria-hidden className="size-10 text-primary" />
        <h1 id="maintenance-title" className="text-2xl font-semibold">
          {text.title}
        </h1>
        <p className="text-muted-foreground">{text.message}</p>
        <a href={paths.auth} className="text-sm text-primary underline underline-offset-4">
          {text.adminSignIn}
        </a>
      </section>
    </main>
  )
}
