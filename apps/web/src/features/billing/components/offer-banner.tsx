import { Alert } from '@mantine/core';
import '@mantine/core/styles/Alert.css';
import { useSessionStorage } from '@mantine/hooks';
import { IconGift } from '@tabler/icons-react';
import { badgeText } from '@/components/ui/badge-text';
import { useOfferStatus } from '../api/get-offer-status';

/**
 * The promo banner (docs/decisions/0008-offer-credit.md): the server's offer text ('You're $X away from gaining
 * $100 credit.') while GET /getOfferStatus says to show it. Closing it hides it for the rest of the
 * browser session; it is read again after every payment, so it goes once the credit is earned.
 */
export function OfferBanner({ userId }: { userId: number }) {
  const status = useOfferStatus();
  const [dismissed, setDismissed] = useSessionStorage({
    key: `offerBannerDismissed:${userId}`,
    defaultValue: false,
    getInitialValueInEffect: false,
  });
  const offer = status.data;
  if (!offer?.show || !offer.message || dismissed) return null;
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
      onClose={() => setDismissed(true)}
      styles={{ message: { color: badgeText('teal'), fontWeight: 500 } }}
    >
      {offer.message}
    </Alert>
  );
}
