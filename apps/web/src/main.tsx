import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProvider, createQueryClient } from '@/app/provider';
import { createAppRouter } from '@/app/router';
import { dropForgottenSession } from '@/lib/auth';

dropForgottenSession();

const queryClient = createQueryClient();
const router = createAppRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);

// The first date a page shows loads the browser's date formats: about 30 ms of main thread on a
// desktop, four times that on a phone. Done in a task of its own while the first screen's files and
// data are on their way, rather than inside the draw that shows a list (docs/decisions/0048-short-tasks-after-first-paint.md).
setTimeout(() => new Date(0).toLocaleDateString(undefined, { dateStyle: 'medium' }), 0);
