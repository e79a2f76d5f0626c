import { useEffect, useState } from 'react';
import { Alert } from '@mantine/core';
import '@mantine/core/styles/Alert.css';
import { IconGift } from '@tabler/icons-react';
import type { User } from '@copydesk/shared';
import { badgeText } from '@/components/ui/badge-text';
import { onboardingOf, useFinishOnboardingStep } from '@/lib/onboarding';
import { focusPageHeading } from '@/lib/page-heading';
import { useOfferStatus } from '../api/get-offer-status';

/**
 * The promo banner (docs/decisions/0008-offer-credit.md): the server's offer text ('You're $X away from gaining
 * $100 credit.') while GET /getOfferStatus says to show it. It is read again after every payment, so it
 * goes once the credit is earned. Dismissing it is for good: the user's `offer_banner_dismissed` is kept
 * on the server (docs/decisions/0041-onboarding-once.md), so no page and no later sign-in shows it again.
 */
export function OfferBanner({ user }: { user: User }) {
  const status = useOfferStatus();
  const finish = useFinishOnboardingStep();
  // Hidden at once, before the server has answered.
  const [dismissedHere, setDismissedHere] = useState(false);
  // Until this load's answer comes, the last one this browser had for the user: the banner sits above
  // every signed-in screen, and drawn only once the answer came it pushed the screen down after it was
  // drawn (a layout shift on every page load; docs/decisions/0045-first-load-budgets.md).
  const [remembered] = useState(() => rememberedOffer(user.id));
  useEffect(() => {
    if (status.data) rememberOffer(user.id, status.data);
  }, [status.data, user.id]);
  const offer = status.data ?? (status.isPending ? remembered : undefined);
  if (!offer?.show || !offer.message || dismissedHere || onboardingOf(user).offer_banner_dismissed) return null;

  const dismiss = () => {
    setDismissedHere(true);
    finish.mutate('offer_banner_dismissed');
    // The close button goes with the banner: reading goes on at the page's heading, just below it,
    // instead of the top of the document.
    requestAnimationFrame(() => focusPageHeading());
  };

  return (
    <Alert
      role="status"
      aria-label="Offer"
      variant="light"
      color="teal"
      radius="md"
      py="xs"
      mb={{ base: 'md', sm: 'lg' }}
      icon={<IconGift size={20} stroke={1.7} aria-hidden />}
      withCloseButton
      closeButtonLabel="Dismiss offer"
      onClose={dismiss}
      styles={{ message: { color: badgeText('teal'), fontWeight: 500 } }}
    >
      {offer.message}
    </Alert>
  );
}

/** Where the last answer is kept; signing out clears it with the rest of the app's storage (lib/auth.tsx). */
export const REMEMBERED_OFFER_KEY = 'copydesk.offerBanner';

type RememberedOffer = { show: boolean; message: string | null };

function rememberedOffer(userId: number): RememberedOffer | undefined {
  try {
    const stored = JSON.parse(localStorage.getItem(REMEMBERED_OFFER_KEY) ?? 'null') as { userId?: unknown; offer?: RememberedOffer } | null;
    return stored?.userId === userId ? stored.offer : undefined;
  } catch {
    return undefined;
  }
}

function rememberOffer(userId: number, offer: RememberedOffer) {
  try {
    localStorage.setItem(REMEMBERED_OFFER_KEY, JSON.stringify({ userId, offer: { show: offer.show, message: offer.message } }));
  } catch {
    // No storage (private mode, full): the banner comes with the answer, as before.
  }
}
