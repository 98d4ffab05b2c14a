import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { createAppRouter } from '@/app/router';
import { signOut } from '@/app/sign-out';
import { tellParentTokenRefused } from '@/lib/cross-window';
import { configureApi } from '@/lib/http/api';
import { i18n, initI18n } from '@/lib/i18n';
import { loadRuntimeConfig, runtimeConfig } from '@/lib/runtime-config';
import { toast } from '@/lib/toast';
import { getToken } from '@/lib/token';
import { useAppStore } from '@/stores/app-store';
import './styles/global.css';

/** Runtime configuration and language first, then the first render. */
async function bootstrap(): Promise<void> {
  const config = await loadRuntimeConfig();
  const app = useAppStore.getState();
  app.setSystemName(config.systemName);
  await initI18n(app.language);

  configureApi({
    baseUrl: () => runtimeConfig().apiBaseUrl,
    token: getToken,
    language: () => i18n.language,
    translate: (key, values) => i18n.t(key, values),
    setErrorText: (text) => useAppStore.getState().setSystemErrorText(text),
    logout: (reason) => {
      // Embedded in another window: that window signs out as a whole (docs/sign-in.md, "Embedding and cross-window messages").
      tellParentTokenRefused();
      void signOut({ revoke: false, reason });
    },
    toast,
  });

  const router = createAppRouter(config.routerMode);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
}

void bootstrap();
