import { useTranslation } from 'react-i18next'
import { FormField } from '../../components/ui/form-field'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select'
import { Textarea } from '../../components/ui/textarea'
import { BACKUP_FREQUENCIAS, PIX_TIPOS, SMTP_SECURITIES } from './office-settings.constants'
import { Section, SwitchRow, TextField, type SectionProps } from './settings-fields'

// The five sections of Configurações Avançadas (spec §2): segurança, notificações, backup, servidor de
// e-mail (with 'Testar', see SmtpSection) and personalização do escritório.

export function SecuritySection(props: SectionProps) {
  const { t } = useTranslation('office-settings')
  return (
    <Section id="security" title={t('security.title')} description={t('security.description')}>
      <SwitchRow
        field="require2fa"
        label={t('security.require2fa')}
        hint={t('security.require2faHint')}
        {...props}
      />
      <SwitchRow
        field="encryptDocuments"
        label={t('security.encrypt')}
        hint={t('security.encryptHint')}
        {...props}
      />
      <SwitchRow field="auditViewer" label={t('security.audit')} hint={t('security.auditHint')} {...props} />
      <TextField
        field="sessionTimeoutMin"
        label={t('security.timeout')}
        hint={t('security.timeoutHint')}
        type="number"
        inputMode="numeric"
        className="max-w-xs"
        {...props}
      />
    </Section>
  )
}

export function NotificationsSection(props: SectionProps) {
  const { t } = useTranslation('office-settings')
  return (
    <Section id="notifications" title={t('notifications.title')} description={t('notifications.description')}>
      <SwitchRow
        field="notifyPrazos"
        label={t('notifications.prazos')}
        hint={t('notifications.prazosHint')}
        {...props}
      />
      <SwitchRow
        field="notifyNewClients"
        label={t('notifications.newClients')}
        hint={t('notifications.newClientsHint')}
        {...props}
      />
      <SwitchRow
        field="weeklyReport"
        label={t('notifications.weekly')}
        hint={t('notifications.weeklyHint')}
        {...props}
      />
      <TextField
        field="alertEmail"
        label={t('notifications.alertEmail')}
        hint={t('notifications.alertEmailHint')}
        type="email"
        inputMode="email"
        placeholder="alertas@escritorio.com.br"
        {...props}
      />
    </Section>
  )
}

export function BackupSection(props: SectionProps) {
  const { t } = useTranslation('office-settings')
  const { form, set } = props
  return (
    <Section id="backup" title={t('backup.title')} description={t('backup.description')}>
      <SwitchRow field="backupAutomatico" label={t('backup.automatic')} {...props} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('backup.frequency')} htmlFor="setting-backupFrequencia">
          <Select
            value={form.backupFrequencia}
            onValueChange={(value) => set('backupFrequencia', value as typeof form.backupFrequencia)}
          >
            <SelectTrigger id="setting-backupFrequencia">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {BACKUP_FREQUENCIAS.map((value) => (
                <SelectItem key={value} value={value}>
                  {t(`backup.${value}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </FormField>
        <TextField
          field="backupRetencaoDias"
          label={t('backup.retention')}
          type="number"
          inputMode="numeric"
          {...props}
        />
      </div>
    </Section>
  )
}

export function SmtpFields(props: SectionProps & { passwordSet: boolean }) {
  const { t } = useTranslation('office-settings')
  const { form, set, errors, passwordSet } = props
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-[1fr_8rem_8rem]">
        <TextField field="smtpHost" label={t('smtp.host')} placeholder="smtp.escritorio.com.br" {...props} />
        <TextField field="smtpPort" label={t('smtp.port')} type="number" inputMode="numeric" {...props} />
        <FormField label={t('smtp.security')} htmlFor="setting-smtpSecurity">
          <Select
            value={form.smtpSecurity}
            onValueChange={(value) => set('smtpSecurity', value as typeof form.smtpSecurity)}
          >
            <SelectTrigger id="setting-smtpSecurity">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {SMTP_SECURITIES.map((value) => (
                <SelectItem key={value} value={value}>
                  {t(`smtp.${value}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField field="smtpUser" label={t('smtp.user')} {...props} />
        <TextField
          field="smtpPassword"
          label={t('smtp.password')}
          type="password"
          autoComplete="new-password"
          placeholder={passwordSet ? t('smtp.passwordSaved') : undefined}
          {...props}
        />
      </div>
      <TextField
        field="smtpFrom"
        label={t('smtp.from')}
        type="email"
        inputMode="email"
        placeholder="contato@escritorio.com.br"
        {...props}
      />
      <FormField label={t('smtp.signature')} htmlFor="setting-smtpSignature" error={errors.smtpSignature}>
        <Textarea
          id="setting-smtpSignature"
          rows={3}
          value={form.smtpSignature}
          onChange={(event) => set('smtpSignature', event.target.value)}
        />
      </FormField>
    </>
  )
}

export function OfficeSection(props: SectionProps & { prazoEditable: boolean }) {
  const { t } = useTranslation('office-settings')
  const { form, set, errors, prazoEditable } = props
  return (
    <Section id="office" title={t('office.title')} description={t('office.description')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField field="nomeEscritorio" label={t('office.nome')} autoComplete="organization" {...props} />
        <TextField field="cnpj" label={t('office.cnpj')} placeholder="00.000.000/0000-00" {...props} />
        <TextField field="oabRegistro" label={t('office.oab')} placeholder="OAB/SP 12.345" {...props} />
        <TextField
          field="telefone"
          label={t('office.telefone')}
          type="tel"
          inputMode="tel"
          placeholder="(11) 3456-7890"
          {...props}
        />
      </div>
      <TextField field="endereco" label={t('office.endereco')} autoComplete="street-address" {...props} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('office.pixTipo')} htmlFor="setting-pixTipo">
          <Select
            value={form.pixTipo === '' ? 'none' : form.pixTipo}
            onValueChange={(value) => set('pixTipo', value === 'none' ? '' : (value as typeof form.pixTipo))}
          >
            <SelectTrigger id="setting-pixTipo">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="none">{t('office.pixNone')}</SelectItem>
              {PIX_TIPOS.map((value) => (
                <SelectItem key={value} value={value}>
                  {t(`office.pix.${value}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </FormField>
        <TextField field="pixChave" label={t('office.pixChave')} {...props} />
        <TextField field="pixNome" label={t('office.pixNome')} {...props} />
        <TextField field="pixCidade" label={t('office.pixCidade')} {...props} />
      </div>
      {prazoEditable && (
        <TextField
          field="prazoAvisoDias"
          label={t('office.prazoAviso')}
          type="number"
          inputMode="numeric"
          className="max-w-xs"
          errors={errors}
          form={form}
          set={set}
        />
      )}
    </Section>
  )
}
