import { Check, Minus, X } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog'
import { accessLevel, NIVEIS_ACESSO, type NivelAcesso } from '../offices/offices.public'
import type { TeamMember } from './team.schema'

// The spec §6 rows, in its order. The cells come from the same matrix the server enforces (permissions.ts).
const MATRIX_ROWS = ['cases.view', 'cases.edit', 'financial.manage', 'team.manage', 'reports.full'] as const

const LEVEL_STYLE = {
  full: { icon: Check, variant: 'success' },
  partial: { icon: Minus, variant: 'warning' },
  none: { icon: X, variant: 'outline' },
} as const

/** The §6 permission matrix: full / partial / none per level. */
export function PermissionMatrix() {
  const { t } = useTranslation('team')
  return (
    <Card className="gap-4 py-4">
      <CardHeader className="px-4">
        <CardTitle>
          <h2>{t('matrix.title')}</h2>
        </CardTitle>
        <CardDescription>{t('matrix.description')}</CardDescription>
      </CardHeader>
      <CardContent className="px-4">
        {/* Scrolls sideways on a phone rather than squeezing five columns into 375 px. */}
        <div className="overflow-x-auto" role="region" aria-label={t('matrix.title')} tabIndex={0}>
          <table className="w-full min-w-[34rem] text-sm">
            <thead>
              <tr className="border-b text-left">
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t('matrix.capability')}
                </th>
                {NIVEIS_ACESSO.map((nivel) => (
                  <th key={nivel} scope="col" className="px-2 py-2 text-center font-medium">
                    {t(`nivel.${nivel}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {MATRIX_ROWS.map((capability) => (
                <tr key={capability} className="border-b last:border-0">
                  <th scope="row" className="py-2 pr-3 text-left font-normal">
                    {t(`matrix.capabilities.${capability}`)}
                  </th>
                  {NIVEIS_ACESSO.map((nivel) => {
                    const level = accessLevel(nivel, capability)
                    const { icon: Icon, variant } = LEVEL_STYLE[level]
                    return (
                      <td key={nivel} className="px-2 py-2 text-center">
                        <Badge variant={variant}>
                          <Icon aria-hidden />
                          {t(`matrix.level.${level}`)}
                        </Badge>
                      </td>
                    )
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </CardContent>
    </Card>
  )
}

/** What one level may do, in words (the member's row of the matrix, plus clients and documents). */
export function LevelPermissions({ nivel }: { nivel: NivelAcesso }) {
  const { t } = useTranslation('team')
  return (
    <dl className="grid gap-3 text-sm">
      {MATRIX_ROWS.map((capability) => {
        const level = accessLevel(nivel, capability)
        const { icon: Icon, variant } = LEVEL_STYLE[level]
        return (
          <div key={capability} className="grid gap-1">
            <dt className="flex flex-wrap items-center gap-2 font-medium">
              {t(`matrix.capabilities.${capability}`)}
              <Badge variant={variant}>
                <Icon aria-hidden />
                {t(`matrix.level.${level}`)}
              </Badge>
            </dt>
            <dd className="text-muted-foreground">{t(`matrix.words.${capability}.${nivel}`)}</dd>
          </div>
        )
      })}
      <div className="grid gap-1">
        <dt className="font-medium">{t('permissionsDialog.clients')}</dt>
        <dd className="text-muted-foreground">{t(`matrix.words.clients.${nivel}`)}</dd>
      </div>
      <div className="grid gap-1">
        <dt className="font-medium">{t('permissionsDialog.documents')}</dt>
        <dd className="text-muted-foreground">{t('permissionsDialog.documentsWords')}</dd>
      </div>
    </dl>
  )
}

/** 'Permissões': the member's level, in words. */
export function PermissionsDialog({
  member,
  onOpenChange,
  onCloseAutoFocus,
}: {
  member: TeamMember | null
  onOpenChange: (open: boolean) => void
  onCloseAutoFocus?: (event: Event) => void
}) {
  const { t } = useTranslation('team')
  return (
    <Dialog open={member !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{t('permissionsDialog.title', { nome: member?.nomeCompleto ?? '' })}</DialogTitle>
          <DialogDescription>
            {t('permissionsDialog.description', { nivel: member ? t(`nivel.${member.nivelAcesso}`) : '' })}
          </DialogDescription>
        </DialogHeader>
        {member && <LevelPermissions nivel={member.nivelAcesso} />}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('permissionsDialog.close')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
