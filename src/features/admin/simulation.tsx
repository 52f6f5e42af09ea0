import { useTranslation } from 'react-i18next'
import { Eye, EyeOff } from 'lucide-react'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { cn } from '../../lib/utils'
import { paths } from '../../lib/paths'
import { setSimulation, useSession, useSimulation, type SimulatedProfile } from '../auth/auth.public'

const OPTIONS: SimulatedProfile[] = ['superadmin', 'advogado', 'estudante', 'entidade']

/**
 * Spec §4: choosing a simulated profile stores it in the browser and reloads — to /admin for superadmin,
 * otherwise to /dashboard. A full reload so every screen starts from the new effective profile.
 */
export function chooseSimulation(value: SimulatedProfile | null) {
  setSimulation(value === 'superadmin' ? null : value)
  window.location.assign(!value || value === 'superadmin' ? paths.admin.root : paths.dashboard.root)
}

/** The superadmin's profile simulation (what the interface shows; the server still sees a superadmin). */
export function SimulationPicker() {
  const { t } = useTranslation('admin')
  const simulation = useSimulation() ?? 'superadmin'
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="text-lg">{t('simulation.title')}</h2>
        </CardTitle>
        <CardDescription>{t('simulation.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <div
          role="group"
          aria-label={t('simulation.label')}
          className="grid grid-cols-2 gap-2 md:grid-cols-4"
        >
          {OPTIONS.map((option) => {
            const active = simulation === option
            return (
              <Button
                key={option}
                variant={active ? 'default' : 'outline'}
                aria-pressed={active}
                className="h-auto py-3 whitespace-normal"
                onClick={() => chooseSimulation(option)}
              >
                {t(`simulation.options.${option}`)}
              </Button>
            )
          })}
        </div>
      </CardContent>
    </Card>
  )
}

/**
 * A visible strip while a superadmin simulates another profile, with the way back. Shown on the admin
 * screens; the dashboard layout can render it too.
 */
export function SimulationBanner({ className }: { className?: string }) {
  const { t } = useTranslation('admin')
  const { isSimulating, data } = useSession()
  if (!isSimulating || !data) return null
  return (
    <div
      role="status"
      className={cn(
        'flex flex-col items-center justify-center gap-2 border-b border-warning/40 bg-warning/20 px-4 py-2 text-sm sm:flex-row',
        className,
      )}
    >
      <Eye aria-hidden className="size-4" />
      <span>
        {t('simulation.banner', {
          type: t(`types.${data.profile.userType}`),
          name: data.profile.nomeCompleto,
        })}
      </span>
      <Button size="sm" variant="outline" onClick={() => chooseSimulation(null)}>
        <EyeOff aria-hidden />
        {t('simulation.stop')}
      </Button>
    </div>
  )
}
