import { useEffect } from 'react'
import { matchRoutes, useLocation, type RouteObject } from 'react-router'
import { reportView } from './report-view'

// Rendered once at the root of the router: each route change sends the route PATTERN ('/advogados/:slug',
// never the slug) to the first-party beacon. (The landing page's first load, which runs without the router,
// reports itself from src/app/main.tsx.)

const OTHER = '(outra)'

/** The pattern of the deepest matched route with a path (the app's paths are absolute). */
export function routePattern(routes: RouteObject[], pathname: string): string {
  const path = matchRoutes(routes, pathname)
    ?.map((match) => match.route.path)
    .filter((p): p is string => Boolean(p))
    .at(-1)
  return !path || path === '*' ? OTHER : path
}

/** The path last reported: a query-string change (filters) or a dev double effect is not a new view. */
let lastPath: string | undefined

export function PageViewReporter({ routes }: { routes: RouteObject[] }) {
  const { pathname } = useLocation()
  useEffect(() => {
    if (pathname === lastPath) return
    lastPath = pathname
    reportView(routePattern(routes, pathname))
  }, [pathname, routes])
  return null
}
