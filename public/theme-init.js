// Runs before the app: puts the stored theme (key 'jusconecta-theme') on <html> so there is no flash.
;(function () {
  var theme = 'system'
  try {
    theme = localStorage.getItem('jusconecta-theme') || 'system'
  } catch {
    // storage blocked: keep the default
  }
  var dark =
    theme === 'dark' || (theme === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches)
  document.documentElement.classList.add(dark ? 'dark' : 'light')
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light'
})()
