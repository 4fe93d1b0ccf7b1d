// The only script of the prerendered landing, terms and privacy pages: it opens what needs
// JavaScript (the first-visit welcome and a toast carried across a reload) and fetches the app
// once the visitor heads for sign-in. It imports nothing, so it ships as one small file.

function showWelcomeOnFirstVisit() {
  const dialog = document.querySelector<HTMLDialogElement>('#welcome-dialog')
  const key = dialog?.dataset.storageKey
  if (!dialog || !key || localStorage.getItem(key)) return
  dialog.addEventListener('close', () => localStorage.setItem(key, 'true'))
  setTimeout(() => dialog.showModal(), Number(dialog.dataset.delayMs))
}

/** Shows the toast the app saved before this page load, if any; says whether it did. */
function showToastFromBeforeReload(): boolean {
  const region = document.querySelector<HTMLElement>('#toast-after-reload')
  const key = region?.dataset.storageKey
  const saved = key && sessionStorage.getItem(key)
  if (!region || !key || !saved) return false
  sessionStorage.removeItem(key)
  let toast: { title?: unknown; message?: unknown } | null
  try {
    toast = JSON.parse(saved) as typeof toast
  } catch {
    return false
  }
  const title = region.querySelector('.mantine-Notification-title')
  const message = region.querySelector('.mantine-Notification-description')
  if (!title || !message || typeof toast?.title !== 'string') return false
  title.textContent = toast.title
  message.textContent = typeof toast.message === 'string' ? toast.message : ''
  const hide = () => {
    region.hidden = true
  }
  region.querySelector('button')?.addEventListener('click', hide)
  region.hidden = false
  // Like the app's toasts: paused while pointed at or focused.
  let timer = setTimeout(hide, Number(region.dataset.durationMs))
  const pause = () => clearTimeout(timer)
  const resume = () => {
    timer = setTimeout(hide, Number(region.dataset.durationMs))
  }
  region.addEventListener('pointerenter', pause)
  region.addEventListener('pointerleave', resume)
  region.addEventListener('focusin', pause)
  region.addEventListener('focusout', resume)
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'F8' || region.hidden) return
    event.preventDefault()
    region.querySelector('button')?.focus()
  })
  return true
}

/** Preloads the app's modules (listed on <body data-app-modules>) at the first sign of intent. */
function preloadAppOnIntent() {
  const modules = (document.body.dataset.appModules ?? '').split(' ').filter(Boolean)
  let preloaded = false
  const preload = (event: Event) => {
    const link = (event.target as Element | null)?.closest?.('a[href]')
    const href = link?.getAttribute('href') ?? ''
    if (preloaded || !/^\/(login|register|api\/login)\b/.test(href)) return
    preloaded = true
    for (const module of modules) {
      const hint = document.createElement('link')
      hint.rel = 'modulepreload'
      hint.href = module
      document.head.append(hint)
    }
  }
  for (const type of ['pointerover', 'focusin', 'touchstart']) {
    document.addEventListener(type, preload, { passive: true })
  }
}

// A toast from before the reload ('Goodbye!') means the visitor has used the app: no welcome, which
// as a modal dialog would also cover the toast.
if (!showToastFromBeforeReload()) showWelcomeOnFirstVisit()
preloadAppOnIntent()
