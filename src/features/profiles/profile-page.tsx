import { useState } from 'react'
import { useIsMutating, useQuery } from '@tanstack/react-query'
import { FormProvider, type FieldErrors } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { PencilIcon } from 'lucide-react'
import { toast } from 'sonner'
import { bodyResolver } from '../../components/form/body-resolver'
import { useAppForm } from '../../components/form/use-app-form'
import { Button } from '../../components/ui/button'
import { EmptyState } from '../../components/ui/empty-state'
import { Skeleton } from '../../components/ui/skeleton'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs'
import { ApiRequestError } from '../../lib/api-client'
import type { ProfileDto } from '../auth/auth.public'
import { useSession } from '../auth/auth.public'
import { networkingTabSlot } from './profile-slots'
import { AvatarCard } from './avatar-card'
import { CollectionSection } from './collection-section'
import { profileFormValues, toProfilePayload, type ProfileFormValues } from './profile-form-values'
import {
  FeesSection,
  LAWYER_FIELD_TABS,
  LAWYER_TABS,
  LawyerProfessionalSection,
  LinksSection,
  PersonalSection,
  TypeSpecificSection,
  type LawyerTab,
  type Mode,
} from './profile-sections'
import { updateProfileSchema } from './profiles.schema'
import { getProfileQueryOptions, profileUpdateMutationKey, useUpdateProfile } from './use-profile'

const FORM_ID = 'profile-form'

/** /dashboard/profile (spec §2): view mode with 'Editar'; edit mode with 'Salvar' and 'Cancelar'. */
export function ProfilePage() {
  const { t } = useTranslation('profile')
  const profile = useQuery(getProfileQueryOptions())
  const session = useSession()
  const [mode, setMode] = useState<Mode>('view')
  // Kept here so the open tab survives switching between view and edit.
  const [tab, setTab] = useState<LawyerTab>('pessoal')

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 p-4 md:p-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight">{t('title')}</h1>
          <p className="text-muted-foreground">{t('subtitle')}</p>
        </div>
        {profile.data && (
          <ModeButtons mode={mode} onEdit={() => setMode('edit')} onCancel={() => setMode('view')} />
        )}
      </header>

      {profile.isPending ? (
        <ProfileSkeleton label={t('loading')} />
      ) : profile.isError ? (
        <EmptyState
          title={t('loadError.title')}
          description={
            profile.error instanceof ApiRequestError ? profile.error.message : t('loadError.description')
          }
          action={
            <Button type="button" variant="outline" onClick={() => void profile.refetch()}>
              {t('actions.retry')}
            </Button>
          }
        />
      ) : (
        <>
          <AvatarCard profile={profile.data} email={session.real?.user.email} />
          <ProfileBody
            // A fresh form on every edit: 'Cancelar' discards by simply unmounting it. (Not keyed on the
            // data: an avatar upload during an edit must not wipe the fields being typed.)
            key={mode}
            profile={profile.data}
            email={session.real?.user.email}
            mode={mode}
            tab={tab}
            onTabChange={setTab}
            onSaved={() => setMode('view')}
          />
        </>
      )}
    </div>
  )
}

function ModeButtons({ mode, onEdit, onCancel }: { mode: Mode; onEdit: () => void; onCancel: () => void }) {
  const { t } = useTranslation('profile')
  const saving = useIsMutating({ mutationKey: profileUpdateMutationKey }) > 0
  if (mode === 'view')
    return (
      <Button type="button" onClick={onEdit}>
        <PencilIcon aria-hidden />
        {t('actions.edit')}
      </Button>
    )
  return (
    <div className="flex gap-2">
      <Button type="button" variant="outline" onClick={onCancel} disabled={saving}>
        {t('actions.cancel')}
      </Button>
      <Button type="submit" form={FORM_ID} disabled={saving}>
        {saving ? t('actions.saving') : t('actions.save')}
      </Button>
    </div>
  )
}

function ProfileSkeleton({ label }: { label: string }) {
  return (
    <div className="flex flex-col gap-6" role="status" aria-live="polite" aria-label={label}>
      <Skeleton className="h-32 w-full" />
      <Skeleton className="h-9 w-full max-w-xl" />
      <Skeleton className="h-64 w-full" />
    </div>
  )
}

function ProfileBody({
  profile,
  email,
  mode,
  tab,
  onTabChange: setTab,
  onSaved,
}: {
  profile: ProfileDto
  email: string | undefined
  mode: Mode
  tab: LawyerTab
  onTabChange: (tab: LawyerTab) => void
  onSaved: () => void
}) {
  const { t } = useTranslation('profile')
  const update = useUpdateProfile()
  const isLawyer = profile.userType === 'advogado'

  const form = useAppForm<ProfileFormValues>({
    // The route's schema checks exactly what will be sent (after the spec's "invalid becomes 0" coercions).
    resolver: bodyResolver(updateProfileSchema, (values) => toProfilePayload(values, profile.userType)),
    defaultValues: profileFormValues(profile),
  })

  function showFirstError(errors: FieldErrors<ProfileFormValues>) {
    const first = Object.keys(errors)[0] as keyof ProfileFormValues | undefined
    if (!first) return
    const errorTab = LAWYER_FIELD_TABS[first]
    if (isLawyer && errorTab) setTab(errorTab)
    // After the tab has rendered the field.
    setTimeout(() => form.setFocus(first), 0)
  }

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(toProfilePayload(values, profile.userType))
      toast.success(t('toast.saved'))
      onSaved()
    } catch (error) {
      if (error instanceof ApiRequestError) {
        for (const [name, message] of Object.entries(error.fields))
          if (name in values) form.setError(name as keyof ProfileFormValues, { message })
        showFirstError(form.formState.errors)
        toast.error(t('toast.saveErrorTitle'), { description: t('toast.saveErrorDescription') })
      } else {
        toast.error(t('toast.unexpected'), { description: t('toast.tryLater') })
      }
    }
  }, showFirstError)

  const content = isLawyer ? (
    <Tabs value={tab} onValueChange={(value) => setTab(value as LawyerTab)} className="gap-4">
      <TabsList aria-label={t('tabs.label')} className="w-full justify-start">
        {LAWYER_TABS.map((name) => (
          <TabsTrigger key={name} value={name} className="flex-none">
            {t(`tabs.${name}`)}
          </TabsTrigger>
        ))}
      </TabsList>
      <TabsContent value="pessoal" className="flex flex-col gap-4">
        <PersonalSection mode={mode} profile={profile} email={email} />
      </TabsContent>
      <TabsContent value="profissional" className="flex flex-col gap-4">
        <LawyerProfessionalSection mode={mode} profile={profile} />
        <CollectionSection collection="practice-areas" />
        <CollectionSection collection="languages" />
      </TabsContent>
      <TabsContent value="servicos" className="flex flex-col gap-4">
        <FeesSection mode={mode} profile={profile} />
        <CollectionSection collection="services" />
      </TabsContent>
      <TabsContent value="networking" className="flex flex-col gap-4">
        <networkingTabSlot.Slot userType="advogado" />
        <CollectionSection collection="education" />
        <CollectionSection collection="certifications" />
        <CollectionSection collection="events" />
      </TabsContent>
      <TabsContent value="portfolio" className="flex flex-col gap-4">
        <CollectionSection collection="publications" />
        <CollectionSection collection="success-cases" hint={t('hints.successCases')} />
      </TabsContent>
      <TabsContent value="configuracoes" className="flex flex-col gap-4">
        <LinksSection mode={mode} profile={profile} />
      </TabsContent>
    </Tabs>
  ) : (
    <div className="flex flex-col gap-4">
      <PersonalSection mode={mode} profile={profile} email={email} />
      <TypeSpecificSection mode={mode} profile={profile} />
      <LinksSection mode={mode} profile={profile} />
      {profile.userType === 'estudante' && <networkingTabSlot.Slot userType="estudante" />}
    </div>
  )

  if (mode === 'view') return content
  return (
    <FormProvider {...form}>
      <form id={FORM_ID} noValidate onSubmit={(event) => void onSubmit(event)} aria-label={t('title')}>
        {content}
      </form>
    </FormProvider>
  )
}
