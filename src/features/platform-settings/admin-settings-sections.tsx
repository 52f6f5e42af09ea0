import { useTranslation } from 'react-i18next'
import { toast } from 'sonner'
import { Button } from '../../components/ui/button'
import { FormField } from '../../components/ui/form-field'
import { Label } from '../../components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select'
import { PIX_KEY_TYPES, type PixKeyType } from '../../lib/br/pix'
import { ApiRequestError } from '../../lib/api-client'
import { Section, SwitchRow, TextRow, type SectionProps } from './admin-settings-fields'
import { PAYMENT_PROVIDER_NAMES, PAYMENT_PROVIDERS } from './platform-settings.schema'
import { useSmtpTest } from './use-platform-settings'

interface SectionsProps extends SectionProps {
  saving: boolean
  passwordSet: boolean
  defaultBaseUrl: string
  onSave: () => void
}

/** The four forms of /admin/settings; each 'Salvar' saves the whole page (one row). */
export function AdminSettingsSections(props: SectionsProps) {
  const { t } = useTranslation('platform-settings')
  const { form, set, errors, saving, passwordSet, defaultBaseUrl, onSave } = props
  const field = { form, set, errors }
  const smtpTest = useSmtpTest()
  const saveButton = (
    <Button type="button" onClick={onSave} disabled={saving}>
      {saving ? t('saving') : t('save')}
    </Button>
  )

  const testMail = async () => {
    try {
      const result = await smtpTest.mutateAsync()
      if (result.ok) toast.success(t('mail.testOk'), { description: result.response })
      else toast.error(t('mail.testFailed'), { description: result.response })
    } catch (error) {
      toast.error(t('mail.testFailed'), {
        description: error instanceof ApiRequestError ? error.message : t('toast.tryLater'),
      })
    }
  }

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Section
        id="general"
        title={t('general.title')}
        description={t('general.description')}
        footer={saveButton}
      >
        <TextRow field="platformName" label={t('general.platformName')} {...field} />
        <TextRow
          field="baseUrl"
          label={t('general.baseUrl')}
          hint={t('general.baseUrlHint', { url: defaultBaseUrl })}
          type="url"
          inputMode="url"
          placeholder={defaultBaseUrl}
          {...field}
        />
        <SwitchRow
          field="maintenanceMode"
          label={t('general.maintenance')}
          hint={t('general.maintenanceHint')}
          {...field}
        />
        <SwitchRow
          field="signupsOpen"
          label={t('general.signups')}
          hint={t('general.signupsHint')}
          {...field}
        />
        <SwitchRow
          field="publicationsCapture"
          label={t('general.publicationsCapture')}
          hint={t('general.publicationsCaptureHint')}
          {...field}
        />
      </Section>

      <Section
        id="mail"
        title={t('mail.title')}
        description={t('mail.description')}
        footer={
          <>
            <Button
              type="button"
              variant="outline"
              onClick={() => void testMail()}
              disabled={smtpTest.isPending}
            >
              {smtpTest.isPending ? t('mail.testing') : t('mail.test')}
            </Button>
            {saveButton}
          </>
        }
      >
        <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
          <TextRow field="smtpHost" label={t('mail.host')} placeholder="smtp.exemplo.com.br" {...field} />
          <TextRow field="smtpPort" label={t('mail.port')} inputMode="numeric" {...field} />
        </div>
        <SwitchRow field="smtpSecure" label={t('mail.secure')} hint={t('mail.secureHint')} {...field} />
        <TextRow field="smtpUser" label={t('mail.user')} autoComplete="off" {...field} />
        <TextRow
          field="smtpPassword"
          label={t('mail.password')}
          type="password"
          autoComplete="new-password"
          hint={passwordSet ? t('mail.passwordKept') : t('mail.passwordNone')}
          {...field}
        />
        <TextRow field="smtpFrom" label={t('mail.from')} type="email" inputMode="email" {...field} />
        <p className="text-sm text-muted-foreground">{t('mail.testHint')}</p>
      </Section>

      <Section
        id="payment"
        title={t('payment.title')}
        description={t('payment.description')}
        footer={saveButton}
      >
        <div className="grid gap-2">
          <Label id="payment-provider-label">{t('payment.provider')}</Label>
          <div role="group" aria-labelledby="payment-provider-label" className="grid gap-2 sm:grid-cols-3">
            {PAYMENT_PROVIDERS.map((provider) => (
              <Button
                key={provider}
                type="button"
                variant={form.paymentProvider === provider ? 'default' : 'outline'}
                aria-pressed={form.paymentProvider === provider}
                onClick={() => set('paymentProvider', provider)}
              >
                {PAYMENT_PROVIDER_NAMES[provider]}
              </Button>
            ))}
          </div>
        </div>
        <TextRow field="monthlyPrice" label={t('payment.monthlyPrice')} inputMode="decimal" {...field} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextRow field="trialDays" label={t('payment.trialDays')} inputMode="numeric" {...field} />
          <TextRow
            field="annualDiscount"
            label={t('payment.annualDiscount')}
            inputMode="numeric"
            {...field}
          />
        </div>
        <SwitchRow
          field="autoBilling"
          label={t('payment.autoBilling')}
          hint={t('payment.autoBillingHint')}
          {...field}
        />
        <PixFields {...field} />
      </Section>

      <Section
        id="security"
        title={t('security.title')}
        description={t('security.description')}
        footer={saveButton}
      >
        <SwitchRow
          field="require2faAdmins"
          label={t('security.require2fa')}
          hint={t('security.require2faHint')}
          {...field}
        />
        <SwitchRow
          field="auditLogs"
          label={t('security.auditLogs')}
          hint={t('security.auditLogsHint')}
          {...field}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextRow
            field="sessionTimeoutMin"
            label={t('security.sessionTimeout')}
            hint={t('security.sessionTimeoutHint')}
            inputMode="numeric"
            {...field}
          />
          <TextRow
            field="loginAttempts"
            label={t('security.loginAttempts')}
            hint={t('security.loginAttemptsHint')}
            inputMode="numeric"
            {...field}
          />
        </div>
      </Section>
    </div>
  )
}

/** The platform's Pix account that subscription charges are paid to (issue 14), and the grace days. */
function PixFields(field: SectionProps) {
  const { t } = useTranslation('platform-settings')
  const { form, set, errors } = field
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
        <FormField label={t('payment.pixKeyType')} htmlFor="platform-pixKeyType" error={errors.pixKeyType}>
          <Select value={form.pixKeyType} onValueChange={(value) => set('pixKeyType', value as PixKeyType)}>
            <SelectTrigger id="platform-pixKeyType">
              <SelectValue placeholder={t('payment.pixKeyTypeNone')} />
            </SelectTrigger>
            <SelectContent>
              {PIX_KEY_TYPES.map((type) => (
                <SelectItem key={type} value={type}>
                  {t(`payment.pixKeyTypes.${type}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </FormField>
        <TextRow field="pixKey" label={t('payment.pixKey')} hint={t('payment.pixKeyHint')} {...field} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextRow field="pixMerchantName" label={t('payment.pixMerchantName')} {...field} />
        <TextRow field="pixMerchantCity" label={t('payment.pixMerchantCity')} {...field} />
      </div>
      <TextRow
        field="billingGraceDays"
        label={t('payment.graceDays')}
        hint={t('payment.graceDaysHint')}
        inputMode="numeric"
        {...field}
      />
    </>
  )
}
