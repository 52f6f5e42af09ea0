// The platform-analytics feature's browser-safe surface: the router's page-view reporter (tiny, no
// library; the /admin/analytics page is loaded lazily by the router on its own).
export { PageViewReporter } from './page-view-reporter'
