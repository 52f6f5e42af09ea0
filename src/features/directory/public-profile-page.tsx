import { BadgeCheck, ExternalLink, MapPin, Scale, Star, Video } from 'lucide-react'
import type { TFunction } from 'i18next'
import { useEffect, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { Button } from '../../components/ui/button'
import { Skeleton } from '../../components/ui/skeleton'
import { ApiRequestError } from '../../lib/api-client'
import { formatBRL } from '../../lib/br/money'
import { paths } from '../../lib/paths'
import {
  ConnectButton,
  ConnectionCount,
  ContactLawyerForm,
  ProfileReviews,
  ReportButton,
} from '../network/network.public'
import type { PublicProfileDto } from './directory.schema'
import { usePublicProfile } from './use-directory'

/** /advogados/:slug — a lawyer's public profile (issue 13), anonymous visitors included. */
export function PublicProfilePage() {
  const { t } = useTranslation('directory')
  const { slug = '' } = useParams()
  const profile = usePublicProfile(slug)
  const notFound = profile.error instanceof ApiRequestError && profile.error.status === 404

  useEffect(() => {
    // The server already wrote the title for a first visit; this keeps it right on in-app navigation.
    if (profile.data) document.title = `${profile.data.name} | JusConecta`
    else if (notFound) document.title = `${t('profile.notFoundTitle')} | JusConecta`
  }, [profile.data, notFound, t])

  return (
    <div className="min-h-screen bg-background text-foreground">
      <header className="border-b border-border">
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
          <Link to={paths.home} className="flex items-center gap-2 text-lg font-bold">
            <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
              <Scale aria-hidden className="size-5" />
            </span>
            JusConecta
          </Link>
          <a href={`${paths.home}#advogados`} className="text-sm font-medium text-primary hover:underline">
            {t('profile.searchLawyers')}
          </a>
        </div>
      </header>
      <main className="mx-auto grid max-w-5xl gap-6 px-4 py-8 sm:px-6">
        {profile.isPending ? (
          <div aria-busy="true" className="grid gap-4">
            <span className="sr-only" role="status">
              {t('profile.loading')}
            </span>
            <Skeleton className="h-40 w-full" />
            <Skeleton className="h-64 w-full" />
          </div>
        ) : notFound ? (
          <section className="grid justify-items-center gap-3 py-16 text-center">
            <p className="text-5xl font-bold text-muted-foreground">404</p>
            <h1 className="text-2xl font-bold">{t('profile.notFoundTitle')}</h1>
            <p className="text-muted-foreground">{t('profile.notFoundText')}</p>
            <Link to={paths.home} className="font-medium text-primary underline-offset-4 hover:underline">
              {t('profile.backHome')}
            </Link>
          </section>
        ) : profile.isError ? (
          <section role="alert" className="grid justify-items-start gap-3">
            <h1 className="text-xl font-semibold">{t('profile.error')}</h1>
            <p className="text-sm text-muted-foreground">{profile.error.message}</p>
            <Button variant="outline" onClick={() => void profile.refetch()}>
              {t('profile.retry')}
            </Button>
          </section>
        ) : (
          <ProfileView profile={profile.data} />
        )}
      </main>
    </div>
  )
}

function initials(name: string) {
  const words = name.split(/\s+/)
  return `${words[0]?.[0] ?? ''}${words.length > 1 ? (words.at(-1)?.[0] ?? '') : ''}`.toUpperCase()
}

function ProfileView({ profile }: { profile: PublicProfileDto }) {
  const { t } = useTranslation('directory')
  const place = [profile.city, profile.state].filter(Boolean).join(', ')
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="grid min-w-0 content-start gap-6">
        <section
          aria-labelledby="profile-name"
          className="rounded-xl border border-border bg-card p-6 shadow-sm"
        >
          <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
            <div className="relative shrink-0">
              {profile.avatar ? (
                <img src={profile.avatar} alt="" className="size-24 rounded-full object-cover" />
              ) : (
                <span
                  aria-hidden
                  className="flex size-24 items-center justify-center rounded-full bg-primary/10 text-3xl font-semibold text-primary"
                >
                  {initials(profile.name)}
                </span>
              )}
            </div>
            <div className="grid min-w-0 flex-1 gap-1">
              <h1 id="profile-name" className="text-2xl font-bold break-words">
                {profile.name}
              </h1>
              {profile.oab && (
                <p className="flex flex-wrap items-center gap-2 text-muted-foreground">
                  {t('profile.oab', { oab: profile.oab.formatted })}
                  {profile.verified && (
                    <span
                      className="inline-flex items-center gap-1 rounded-full bg-primary/10 px-2 py-0.5 text-sm font-medium text-primary"
                      title={t('profile.verifiedHint')}
                    >
                      <BadgeCheck aria-hidden className="size-4" />
                      {t('profile.verified')}
                    </span>
                  )}
                </p>
              )}
              {place && (
                <p className="flex items-center gap-1 text-sm text-muted-foreground">
                  <MapPin aria-hidden className="size-4" />
                  {place}
                </p>
              )}
              <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
                {profile.rating === null ? (
                  <span className="text-muted-foreground">{t('profile.noReviews')}</span>
                ) : (
                  <span className="inline-flex items-center gap-1">
                    <Star aria-hidden className="size-4 fill-amber-400 text-amber-400" />
                    {t('profile.rating', { rating: profile.rating.toFixed(1), count: profile.reviews })}
                  </span>
                )}
                {profile.yearsOfExperience !== null && (
                  <span>{t('profile.years', { count: profile.yearsOfExperience })}</span>
                )}
                {profile.isOnline && (
                  <span className="inline-flex items-center gap-1">
                    <span aria-hidden className="size-2.5 rounded-full bg-success" />
                    {t('profile.online')}
                  </span>
                )}
                {profile.acceptsVideoCall && (
                  <span className="inline-flex items-center gap-1 text-primary">
                    <Video aria-hidden className="size-4" />
                    {t('profile.videoCall')}
                  </span>
                )}
                <ConnectionCount userId={profile.userId} />
              </div>
              <div className="mt-3 flex flex-wrap items-center gap-2">
                <ConnectButton userId={profile.userId} />
                <ReportButton targetType="profile" targetId={profile.userId} />
              </div>
            </div>
          </div>
          {profile.bio && (
            <div className="mt-6">
              <h2 className="mb-1 font-semibold">{t('profile.about')}</h2>
              <p className="whitespace-pre-line text-muted-foreground">{profile.bio}</p>
            </div>
          )}
        </section>
        <ProfileDetails profile={profile} />
        <ProfileReviews slug={profile.slug} lawyerUserId={profile.userId} />
      </div>
      <aside className="grid content-start gap-6">
        <ContactLawyerForm slug={profile.slug} />
      </aside>
    </div>
  )
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-border bg-card p-6 shadow-sm">
      <h2 className="mb-3 text-lg font-semibold">{title}</h2>
      {children}
    </section>
  )
}

function feeText(fees: NonNullable<PublicProfileDto['fees']>, t: TFunction<'directory'>) {
  const min = fees.min === null ? null : formatBRL(fees.min)
  const max = fees.max === null ? null : formatBRL(fees.max)
  if (min && max) return t('profile.feesRange', { min, max })
  return min ? t('profile.feesFrom', { min }) : t('profile.feesUpTo', { max })
}

function ProfileDetails({ profile }: { profile: PublicProfileDto }) {
  const { t } = useTranslation('directory')
  const list = 'grid gap-3'
  const range = (min: number | null, max: number | null) =>
    min !== null || max !== null ? feeText({ min, max }, t) : null
  return (
    <>
      {(profile.practiceAreas.length > 0 || profile.specialties.length > 0) && (
        <Block title={t('profile.specialties')}>
          <ul className="flex flex-wrap gap-2">
            {profile.practiceAreas.map((item) => (
              <li
                key={item.area}
                className="rounded-full bg-secondary px-3 py-1 text-sm text-secondary-foreground"
              >
                {t(`specialties.${item.area}`)}
                {item.principal && (
                  <span className="ml-1 text-xs opacity-80">({t('profile.principal')})</span>
                )}
              </li>
            ))}
          </ul>
        </Block>
      )}
      {profile.fees && (
        <Block title={t('profile.fees')}>
          <p>{feeText(profile.fees, t)}</p>
        </Block>
      )}
      {profile.services.length > 0 && (
        <Block title={t('profile.services')}>
          <ul className={list}>
            {profile.services.map((item, index) => (
              <li key={index}>
                <p className="font-medium">
                  {item.titulo}{' '}
                  <span className="text-sm font-normal text-muted-foreground">
                    · {t(`modalidades.${item.modalidade}`)}
                    {range(item.valorMin, item.valorMax) && ` · ${range(item.valorMin, item.valorMax)}`}
                  </span>
                </p>
                {item.descricao && <p className="text-sm text-muted-foreground">{item.descricao}</p>}
              </li>
            ))}
          </ul>
        </Block>
      )}
      {profile.languages.length > 0 && (
        <Block title={t('profile.languages')}>
          <ul className="flex flex-wrap gap-2">
            {profile.languages.map((item, index) => (
              <li key={index} className="rounded-full border border-border px-3 py-1 text-sm">
                {item.idioma} · {t(`levels.${item.nivel}`)}
              </li>
            ))}
          </ul>
        </Block>
      )}
      {profile.education.length > 0 && (
        <Block title={t('profile.education')}>
          <ul className={list}>
            {profile.education.map((item, index) => (
              <li key={index}>
                <p className="font-medium">
                  {item.curso} · {t(`graus.${item.grau}`)}
                </p>
                <p className="text-sm text-muted-foreground">
                  {item.instituicao} · {item.anoInicio}–{item.anoConclusao ?? t('profile.ongoing')}
                </p>
              </li>
            ))}
          </ul>
        </Block>
      )}
      {profile.certifications.length > 0 && (
        <Block title={t('profile.certifications')}>
          <ul className={list}>
            {profile.certifications.map((item, index) => (
              <li key={index}>
                <p className="font-medium">
                  {item.url ? <ExternalAnchor href={item.url}>{item.nome}</ExternalAnchor> : item.nome}
                </p>
                <p className="text-sm text-muted-foreground">
                  {[item.emissor, item.ano].filter(Boolean).join(' · ')}
                </p>
              </li>
            ))}
          </ul>
        </Block>
      )}
      {profile.publications.length > 0 && (
        <Block title={t('profile.publications')}>
          <ul className={list}>
            {profile.publications.map((item, index) => (
              <li key={index}>
                <p className="font-medium">
                  {item.url ? <ExternalAnchor href={item.url}>{item.titulo}</ExternalAnchor> : item.titulo}
                </p>
                <p className="text-sm text-muted-foreground">
                  {[item.veiculo, item.ano].filter(Boolean).join(' · ')}
                </p>
              </li>
            ))}
          </ul>
        </Block>
      )}
      {profile.events.length > 0 && (
        <Block title={t('profile.events')}>
          <ul className={list}>
            {profile.events.map((item, index) => (
              <li key={index}>
                <p className="font-medium">
                  {item.nome}{' '}
                  <span className="text-sm font-normal text-muted-foreground">
                    · {t(`eventTypes.${item.tipo}`)}
                  </span>
                </p>
                <p className="text-sm text-muted-foreground">
                  {[item.data.split('-').reverse().join('/'), item.local].filter(Boolean).join(' · ')}
                </p>
                {item.descricao && <p className="text-sm">{item.descricao}</p>}
              </li>
            ))}
          </ul>
        </Block>
      )}
      {profile.successCases.length > 0 && (
        <Block title={t('profile.successCases')}>
          <ul className={list}>
            {profile.successCases.map((item, index) => (
              <li key={index}>
                <p className="font-medium">
                  {item.titulo}{' '}
                  <span className="text-sm font-normal text-muted-foreground">
                    · {t(`specialties.${item.area}`)}
                    {item.ano ? ` · ${item.ano}` : ''}
                  </span>
                </p>
                {item.descricao && <p className="text-sm text-muted-foreground">{item.descricao}</p>}
                {item.resultado && <p className="text-sm">{item.resultado}</p>}
              </li>
            ))}
          </ul>
        </Block>
      )}
      {(profile.linkedinUrl || profile.website) && (
        <Block title={t('profile.links')}>
          <ul className="grid gap-2">
            {profile.linkedinUrl && (
              <li>
                <ExternalAnchor href={profile.linkedinUrl}>{t('profile.linkedin')}</ExternalAnchor>
              </li>
            )}
            {profile.website && (
              <li>
                <ExternalAnchor href={profile.website}>{t('profile.website')}</ExternalAnchor>
              </li>
            )}
          </ul>
        </Block>
      )}
    </>
  )
}

/** Links the lawyer typed: only http(s), never followed for ranking (nofollow), opened apart. */
function ExternalAnchor({ href, children }: { href: string; children: ReactNode }) {
  if (!/^https?:\/\//i.test(href)) return <>{children}</>
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer nofollow ugc"
      className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
    >
      {children}
      <ExternalLink aria-hidden className="size-3.5" />
    </a>
  )
}
