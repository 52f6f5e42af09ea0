import { useCallback, useState } from 'react'
import { toast } from 'sonner'

/**
 * The 'Exportar' button's state: `run(download)` marks it busy until the file is saved, and a failure
 * toasts `errorTitle` with the server's message instead of saving an error page as the file.
 */
export function useExport(errorTitle: string) {
  const [exporting, setExporting] = useState(false)
  const run = useCallback(
    async (download: () => Promise<void>) => {
      setExporting(true)
      try {
        await download()
      } catch (error) {
        toast.error(errorTitle, { description: error instanceof Error ? error.message : undefined })
      } finally {
        setExporting(false)
      }
    },
    [errorTitle],
  )
  return { exporting, run }
}
