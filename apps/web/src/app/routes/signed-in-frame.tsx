import { useEffect, useMemo } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { IconCode, IconHeadset } from '@tabler/icons-react';
import { developersScreenMessages, HELP_BOOKING_URL, inboxScreenMessages, messages, portalTitle, roleCan } from '@copydesk/shared';
import { AppFrame } from '@/components/layouts/app-frame';
import { useInfo } from '@/features/auth/api/get-info';
import { logout } from '@/features/auth/api/logout';
import { BalanceBadge } from '@/features/billing/components/balance-badge';
import { OfferBanner } from '@/features/billing/components/offer-banner';
import { useUnreadCount } from '@/features/messages/api/get-unread-count';
import { ApiError } from '@/lib/api-client';
import { clearLocalData, updateStoredUser, useSession } from '@/lib/auth';
import { browser } from '@/lib/browser';
import { notify } from '@/lib/notify';
import { reportServerError } from '@/lib/server-errors';
import { menuFor } from '../navigation';

/** Layout route of every signed-in screen: refreshes the user, draws the frame. */
export function SignedInFrame() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user, role } = useSession();
  const info = useInfo();
  // Polled every minute and on returning to the tab; a failure just shows no badge.
  const unread = useUnreadCount(role !== null).data ?? 0;
  const nav = useMemo(() => menuFor(role, { '/message': { count: unread, label: inboxScreenMessages.unreadCount(unread) } }), [role, unread]);

  // GET /getInfo on entering the frame: it refreshes the stored user; a deactivated account or a failed load ends the session.
  useEffect(() => {
    if (info.data) {
      if (info.data.user.status === 0) {
        clearLocalData();
        notify.error(messages.accountDeactivated);
        navigate('/login', { replace: true });
      } else {
        updateStoredUser(info.data.user);
      }
      return;
    }
    const error = info.error;
    if (!error) return;
    if (error instanceof ApiError && error.status === 401) return; // the client cleared the session; the guard redirects
    clearLocalData();
    // No connection, or an account that may not be used any more (403: deactivated, or an
    // associate of a deactivated agency): say why on the sign-in page instead of reloading.
    if (error instanceof ApiError && (error.status === 0 || error.status === 403)) {
      // Once: an account refusal was already shown by the API client.
      reportServerError(error);
      navigate('/login', { replace: true });
    } else {
      browser.reload();
    }
  }, [info.data, info.error, navigate]);

  const onLogout = async () => {
    try {
      await logout();
    } catch {
      // The token is dropped locally either way; a failed revoke only matters to that one token.
    }
    clearLocalData();
    queryClient.clear();
    notify.info(messages.loggedOut);
    navigate('/login', { replace: true });
  };

  const name = user?.name ?? '';
  return (
    <AppFrame
      title={role ? portalTitle[role] : 'Copydesk'}
      nav={nav}
      helpLink={roleCan(role, 'help.bookCall') ? { label: 'Need Help?', description: 'Get In Touch', href: HELP_BOOKING_URL, icon: IconHeadset } : undefined}
      user={{ name, email: user?.email ?? '', imageUrl: user?.profileImg || user?.google_pic || null }}
      accountLinks={roleCan(role, 'developers.manage') ? [{ label: developersScreenMessages.menuLink, to: '/settings/developers', icon: IconCode }] : undefined}
      topBarExtra={user && roleCan(role, 'wallet.view') ? <BalanceBadge userId={user.id} /> : undefined}
      banner={user && roleCan(role, 'wallet.view') ? <OfferBanner user={user} /> : undefined}
      onProfile={() => navigate('/my-account')}
      onLogout={onLogout}
    >
      <Outlet />
    </AppFrame>
  );
}
