import { useState, type ReactNode } from 'react'
import { Download } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '../../components/ui/button'
import { apiFetch } from '../../lib/api-fetch'
import { saveResponseAsFile } from '../../lib/download'

/** Fetches an export and saves it under the server's file name; a refusal becomes a pt-BR toast. */
export function useDownload() {
  const { t } = useTranslation('reports')
  const [busy, setBusy] = useState(false)
  async function download(url: string, fallbackName: string) {
    setBusy(true)
    try {
      const response = await apiFetch(url)
      await saveResponseAsFile(response, fallbackName)
    } catch (error) {
      toast.error(t('export.error'), { description: error instanceof Error ? error.message : undefined })
    } finally {
      setBusy(false)
    }
  }
  return { busy, download }
}

export function ExportButton({
  url,
  fallbackName,
  disabled,
  children,
}: {
  url: string
  fallbackName: string
  disabled?: boolean
  children: ReactNode
}) {
  const { t } = useTranslation('reports')
  const { busy, download } = useDownload()
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={disabled || busy}
      onClick={() => void download(url, fallbackName)}
    >
      <Download aria-hidden />
      {busy ? t('export.busy') : children}
    </Button>
  )
}
