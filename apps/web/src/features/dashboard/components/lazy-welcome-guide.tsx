import { lazy, Suspense, useState, type ComponentProps } from 'react';
import { welcomeGuideDue } from '../lib/welcome-guide-due';
import type { WelcomeGuide as Guide } from './welcome-guide';

const WelcomeGuide = lazy(() => import('./welcome-guide').then((module) => ({ default: module.WelcomeGuide })));

/**
 * The first sign-in guide, whose code (its dialog: Mantine's Modal and its scroll lock) loads only for
 * a user it is due for; every later visit of the dashboard goes without it
 * (docs/decisions/0045-first-load-budgets.md). Once loaded it stays mounted, so closing it keeps the
 * dialog's transition and what follows it (focus on the heading, the Add Balance dialog).
 */
export function LazyWelcomeGuide(props: ComponentProps<typeof Guide>) {
  const due = welcomeGuideDue(props.user);
  const [wanted, setWanted] = useState(due);
  if (due && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <WelcomeGuide {...props} />
    </Suspense>
  );
}
