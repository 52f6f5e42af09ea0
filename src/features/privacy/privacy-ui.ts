/**
 * The dark theme's --destructive under white text measures under 4.5:1 (WCAG AA, axe 'color-contrast'):
 * the privacy feature's destructive buttons use a darker red there.
 */
export const DESTRUCTIVE_CONTRAST = 'dark:bg-red-700 dark:hover:bg-red-700/90'
