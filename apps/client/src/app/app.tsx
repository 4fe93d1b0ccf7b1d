import '@mantine/core/styles.css'
import '@mantine/notifications/styles.css'
import '@fiveconnect/ui/styles.css'
import '../static-pages/static-pages.css'
import { cssVariablesResolver, theme } from '@fiveconnect/ui'
import { MantineProvider, type MantineProviderProps } from '@mantine/core'
import type { ReactNode } from 'react'
import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { ToastRegion } from '../components/toast-region.tsx'
import { trpc } from '../lib/trpc.ts'
import type { AppInstance } from './create-app.ts'

type Props = {
  app: AppInstance
  /** 'test' turns off transitions and portals in component tests. */
  env?: MantineProviderProps['env']
  /** What a prerendered page adds beside the app (src/static-pages/). */
  children?: ReactNode
}

export function App({ app, env, children }: Props) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env={env}>
      <trpc.Provider client={app.trpcClient} queryClient={app.queryClient}>
        <QueryClientProvider client={app.queryClient}>
          <RouterProvider router={app.router} />
          <ToastRegion />
          {children}
        </QueryClientProvider>
      </trpc.Provider>
    </MantineProvider>
  )
}
