import { useState } from 'react'
import { CircleCheck, Info, TriangleAlert } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/ui/button'
import { FormField } from '../../components/ui/form-field'
import { Input } from '../../components/ui/input'
import { formatDateTimeBR } from '../../lib/br/dates'
import { AuthShell } from '../auth/auth.public'
import { VERIFY_MAX_BYTES, type VerificationResult } from './signatures.schema'
import { verifyByCode, verifyPdf } from './use-signatures'

/** /verificar — anyone checks a signed PDF (upload) or its evidence page's code. */
export function VerifyPage() {
  const { t } = useTranslation('signatures')
  const [file, setFile] = useState<File | null>(null)
  const [code, setCode] = useState('')
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<VerificationResult | null>(null)
  const [error, setError] = useState<string | null>(null)

  const run = async (check: () => Promise<VerificationResult>) => {
    setBusy(true)
    setError(null)
    setResult(null)
    try {
      setResult(await check())
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e))
    } finally {
      setBusy(false)
    }
  }

  return (
    <AuthShell title={t('verify.title')} description={t('verify.description')}>
      <div className="grid gap-5">
        <form
          className="grid gap-3"
          onSubmit={(e) => {
            e.preventDefault()
            if (!file) return
            if (file.size > VERIFY_MAX_BYTES) return setError('O arquivo passa de 20 MB.')
            void run(() => verifyPdf(file))
          }}
        >
          <FormField label={t('verify.file')} htmlFor="verify-file" description={t('verify.fileHint')}>
            <Input
              id="verify-file"
              type="file"
              accept="application/pdf,.pdf"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          </FormField>
          <Button type="submit" disabled={!file || busy}>
            {busy ? t('verify.checking') : t('verify.checkFile')}
          </Button>
        </form>
        <p className="text-center text-sm text-muted-foreground">{t('verify.or')}</p>
        <form
          className="grid gap-3"
          onSubmit={(e) => {
            e.preventDefault()
            if (code.trim()) void run(() => verifyByCode(code.trim()))
          }}
        >
          <FormField label={t('verify.code')} htmlFor="verify-code">
            <Input
              id="verify-code"
              autoCapitalize="characters"
              placeholder="ABCD-2345"
              maxLength={9}
              value={code}
              onChange={(e) => setCode(e.target.value.toUpperCase())}
            />
          </FormField>
          <Button type="submit" variant="outline" disabled={!code.trim() || busy}>
            {busy ? t('verify.checking') : t('verify.checkCode')}
          </Button>
        </form>
        {error && (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
        {result && <Result result={result} />}
      </div>
    </AuthShell>
  )
}

function Result({ result }: { result: VerificationResult }) {
  const { t } = useTranslation('signatures')
  const status = result.status === 'intact' && !result.intact ? 'unsigned' : result.status
  const Icon = status === 'intact' ? CircleCheck : status === 'registered' ? Info : TriangleAlert
  const tone =
    status === 'intact'
      ? 'text-success-strong'
      : status === 'registered'
        ? 'text-primary'
        : 'text-destructive'
  return (
    <section className="grid gap-3 rounded-md border p-4" role="status" data-testid="verify-result">
      <div className="flex items-center gap-2">
        <Icon aria-hidden className={`size-6 shrink-0 ${tone}`} />
        <h2 className="text-lg font-semibold">{t(`verify.${status}`)}</h2>
      </div>
      <p className="text-sm text-muted-foreground">{t(`verify.${status}Text`)}</p>
      {result.documentName && (
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
          <dt className="text-muted-foreground">{t('verify.documentName')}</dt>
          <dd className="break-words">{result.documentName}</dd>
          {result.signedAt && (
            <>
              <dt className="text-muted-foreground">{t('verify.signedAt')}</dt>
              <dd>{formatDateTimeBR(result.signedAt)}</dd>
            </>
          )}
        </dl>
      )}
      {result.signers.length > 0 && (
        <div className="grid gap-1">
          <h3 className="text-sm font-medium">{t('verify.signers')}</h3>
          <ul className="grid gap-1 text-sm break-words">
            {result.signers.map((signer) => (
              <li key={`${signer.name}-${signer.signedAt ?? ''}`}>
                {t('verify.signerLine', {
                  name: signer.name,
                  cpf: signer.maskedCpf,
                  email: signer.email,
                  date: formatDateTimeBR(signer.signedAt),
                })}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  )
}
