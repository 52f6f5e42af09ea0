import { useQueryClient } from '@tanstack/react-query'
import { LogOut, RefreshCw, Scale } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, NavLink, useLocation, useNavigate } from 'react-router'
import { toast } from 'sonner'
import { paths } from '../../lib/paths'
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  useSidebar,
} from '../../components/ui/sidebar'
import { cn } from '../../lib/utils'
import { meQueryKey, useSession, useSignOut } from '../auth/auth.public'
import { accessLevel } from '../offices/offices.public'
import { usePublicPlatform } from '../platform-settings/platform-settings.public'
import { visibleNavGroups } from './nav-items'

/** Sidebar of the dashboard (spec §2): groups by role, 'Atualizar' and 'Sair' at the foot. */
export function AppSidebar({ onSigningOut }: { onSigningOut: (leaving: boolean) => void }) {
  const { t } = useTranslation('dashboard')
  const session = useSession()
  const { setOpenMobile, isMobile } = useSidebar()
  const { pathname } = useLocation()
  // The office groups: spec §6 says lawyers only, written before teams; a member invited to an office (an
  // estudante estagiário, say) works in it too.
  const isLawyer = session.data?.profile.userType === 'advogado' || Boolean(session.data?.office)
  const isSocio = session.data?.office?.nivelAcesso === 'socio'
  const auditViewer = session.data?.office?.auditViewer !== false
  const nivel = session.data?.office?.nivelAcesso
  const canSeeReports = !nivel || accessLevel(nivel, 'reports.full') !== 'none'
  const canManageFinancial = !nivel || accessLevel(nivel, 'financial.manage') !== 'none'
  const canSeePublications = !nivel || accessLevel(nivel, 'publications') !== 'none'
  const groups = visibleNavGroups({
    isLawyer,
    isAdmin: session.isAdmin,
    isSocio,
    auditViewer,
    canSeeReports,
    canManageFinancial,
    canSeePublications,
  })

  // The platform's name as /admin/settings sets it.
  const platformName = usePublicPlatform().data?.platformName
  // On a phone the sheet closes once a link has been followed.
  useEffect(() => {
    if (isMobile) setOpenMobile(false)
  }, [pathname, isMobile, setOpenMobile])

  return (
    <Sidebar label={t('nav.label')}>
      <SidebarHeader>
        <SidebarMenu>
          <SidebarMenuItem>
            <SidebarMenuButton asChild tooltip={t('nav.home')} className="h-10 font-semibold">
              <Link to={paths.home}>
                <Scale aria-hidden className="text-primary" />
                <span>{platformName ?? t('brand')}</span>
              </Link>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
      </SidebarHeader>
      <SidebarContent>
        {groups.map((group) => (
          <SidebarGroup key={group.key} aria-labelledby={`nav-group-${group.key}`}>
            <SidebarGroupLabel id={`nav-group-${group.key}`}>
              {t(`nav.groups.${group.key}`)}
            </SidebarGroupLabel>
            <SidebarMenu>
              {group.items.map((item) => (
                <SidebarMenuItem key={item.key}>
                  <SidebarMenuButton asChild tooltip={t(`nav.items.${item.key}`)}>
                    <NavLink to={item.to} end={item.end}>
                      <item.icon aria-hidden />
                      <span>{t(`nav.items.${item.key}`)}</span>
                    </NavLink>
                  </SidebarMenuButton>
                </SidebarMenuItem>
              ))}
            </SidebarMenu>
          </SidebarGroup>
        ))}
      </SidebarContent>
      <SidebarFooter>
        <FooterActions onSigningOut={onSigningOut} />
      </SidebarFooter>
    </Sidebar>
  )
}

function FooterActions({ onSigningOut }: { onSigningOut: (leaving: boolean) => void }) {
  const { t } = useTranslation('dashboard')
  const queryClient = useQueryClient()
  const signOut = useSignOut()
  const navigate = useNavigate()
  const [busy, setBusy] = useState<'refresh' | 'signOut' | null>(null)

  async function refresh() {
    setBusy('refresh')
    try {
      await queryClient.refetchQueries({ queryKey: meQueryKey, type: 'active' }, { throwOnError: true })
      toast.success(t('footer.refreshed'))
    } catch {
      toast.error(t('footer.refreshFailed'), { description: t('footer.tryLater') })
    } finally {
      setBusy(null)
    }
  }

  async function leave() {
    setBusy('signOut')
    // Clearing the session cache would otherwise send the layout to /auth before we reach the home page.
    onSigningOut(true)
    try {
      await signOut()
      toast.success(t('footer.signedOutTitle'), { description: t('footer.signedOutDescription') })
      await navigate(paths.home, { replace: true })
    } catch (error) {
      onSigningOut(false)
      setBusy(null)
      toast.error(t('footer.signOutError'), {
        description: error instanceof Error ? error.message : t('footer.tryLater'),
      })
    }
  }

  return (
    <SidebarMenu>
      <SidebarMenuItem>
        <SidebarMenuButton tooltip={t('footer.refresh')} onClick={refresh} disabled={busy !== null}>
          <RefreshCw aria-hidden className={cn(busy === 'refresh' && 'animate-spin')} />
          <span>{t('footer.refresh')}</span>
        </SidebarMenuButton>
      </SidebarMenuItem>
      <SidebarMenuItem>
        <SidebarMenuButton tooltip={t('footer.signOut')} onClick={leave} disabled={busy !== null}>
          <LogOut aria-hidden />
          <span>{busy === 'signOut' ? t('footer.signingOut') : t('footer.signOut')}</span>
        </SidebarMenuButton>
      </SidebarMenuItem>
    </SidebarMenu>
  )
}
