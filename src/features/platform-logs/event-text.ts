import type { TFunction } from 'i18next'
import type { PlatformAlertItem, PlatformEventItem } from './platform-logs.schema'

const MB = 1024 * 1024

/** Bytes as "1,5 GB" / "320 MB" in pt-BR. */
export function formatBytes(bytes: number): string {
  const gb = bytes / (1024 * MB)
  if (Math.abs(gb) >= 1) return `${gb.toLocaleString('pt-BR', { maximumFractionDigits: 1 })} GB`
  return `${Math.round(bytes / MB).toLocaleString('pt-BR')} MB`
}

/** One readable line for an event: who did what to whom, from the ids and codes it stores. */
export function eventText(t: TFunction<'platform-logs'>, event: PlatformEventItem): string {
  const d = event.details
  const name = (id: string | null, nameOf: string | null) =>
    nameOf ?? (id ? t('events.someone') : t('events.unknownAccount'))
  const actor = name(event.actorUserId, event.actorName)
  const target = name(event.targetUserId, event.targetName)
  const str = (value: unknown) => (typeof value === 'string' ? value : '')
  switch (event.kind) {
    case 'login':
      return t('events.text.login', { actor, method: t(`events.methods.${str(d.method) || 'password'}`) })
    case 'login_falhou':
      return d.reason === 'conta_bloqueada'
        ? t('events.text.login_falhou_bloqueada', { target })
        : t('events.text.login_falhou', { target })
    case 'bloqueio_conta':
      return t('events.text.bloqueio_conta', { target, minutes: d.minutes, attempts: d.attempts })
    case 'novo_usuario':
      return t('events.text.novo_usuario', { actor, userType: str(d.userType) })
    case 'permissao':
      if (d.change === 'grant' && d.reason === 'master_account')
        return t('events.text.permissao_master', { target })
      if (d.change === 'grant') return t('events.text.permissao_grant', { actor, target })
      if (d.change === 'revoke') return t('events.text.permissao_revoke', { actor, target })
      return t('events.text.permissao_nivel', { actor, target, from: str(d.from), to: str(d.to) })
    case 'backup':
    case 'backup_falhou':
      return t(`events.text.${event.kind}`, { tipo: t(`events.backupTypes.${str(d.tipo) || 'manual'}`) })
    case 'erro_servidor':
      return t('events.text.erro_servidor', {
        errorClass: str(d.errorClass),
        method: str(d.method),
        route: str(d.route),
      })
    case 'integracao':
      return t('events.text.integracao_datajud_chave')
    case 'assinatura':
      return t(`events.text.assinatura_${d.change === 'plan' ? 'plan' : 'status'}`, {
        from: t(`events.subscription.${str(d.from)}`),
        to: t(`events.subscription.${str(d.to)}`),
      })
  }
}

export function alertText(t: TFunction<'platform-logs'>, alert: PlatformAlertItem): string {
  const d = alert.details
  if (alert.check === 'crescimento_banco')
    return t('alerts.checks.crescimento_banco', {
      growth: formatBytes(d.growthBytes ?? 0),
      size: formatBytes(d.sizeBytes ?? 0),
    })
  return t(`alerts.checks.${alert.check}`, d)
}
