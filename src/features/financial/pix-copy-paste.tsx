import { Copy } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '../../components/ui/button'
import { DialogFooter } from '../../components/ui/dialog'
import { Label } from '../../components/ui/label'
import { Textarea } from '../../components/ui/textarea'

/**
 * A Pix charge's 'Pix copia e cola' (the BR Code, selected on focus) and the dialog's 'Fechar' / 'Copiar código':
 * the office's charge dialog and the client portal's show the same code the same way.
 */
export function PixCopyPaste({
  payload,
  inputId,
  onClose,
}: {
  payload: string
  inputId: string
  onClose: () => void
}) {
  const { t } = useTranslation('financial')

  async function copy() {
    try {
      await navigator.clipboard.writeText(payload)
      toast.success(t('pix.copied'))
    } catch {
      toast.error(t('pix.copyFailed'))
    }
  }

  return (
    <>
      <div className="grid gap-2">
        <Label htmlFor={inputId}>{t('pix.copiaECola')}</Label>
        <Textarea
          id={inputId}
          readOnly
          rows={4}
          value={payload}
          className="font-mono text-xs break-all"
          onFocus={(event) => event.currentTarget.select()}
        />
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          {t('pix.close')}
        </Button>
        <Button type="button" onClick={() => void copy()}>
          <Copy aria-hidden />
          {t('pix.copy')}
        </Button>
      </DialogFooter>
    </>
  )
}
