import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '@/lib/auth';
import './accessibility.css';
import { useFocusOnNavigation, usePageTitle } from './page-meta';
import { guardRoute } from './route-guard';

/**
 * Applies guardRoute to every navigation and to every session change (sign-in, sign-out, a 401
 * that cleared the token), so the screen shown always matches the rules. As the root of every
 * screen it also names the page in the document title and moves focus to each new page's heading.
 */
export function RouteGuardOutlet() {
  const location = useLocation();
  const session = useSession();
  const result = guardRoute(`${location.pathname}${location.search}`, session);
  usePageTitle();
  useFocusOnNavigation();

  if (result) return <Navigate to={result.redirect} replace />;
  return <Outlet />;
}
