import { Button, Group, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconTicket, IconX } from '@tabler/icons-react';
import { badgeText } from '@/components/ui/badge-text';
import type { CouponState } from '../hooks/use-coupon';

/**
 * Coupon code, Apply Coupon and Remove coupon; problems show under the field. The applied line is
 * teal.9 and Remove red.9: shade 8 of either is below 4.5:1 on white or on the page's gray.0. Apply
 * Coupon's text is darkened too: Mantine's blue.9 is 4.0:1 on the button's hover tint.
 */
export function CouponBox({ coupon }: { coupon: CouponState }) {
  return (
    <div>
      <Stack gap="xs">
        <TextInput
          label="Coupon Code"
          placeholder="Enter a coupon code"
          leftSection={<IconTicket size={16} aria-hidden />}
          value={coupon.code}
          error={coupon.error}
          readOnly={Boolean(coupon.applied)}
          maxLength={50}
          onChange={(e) => coupon.setCode(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              coupon.apply();
            }
          }}
        />
        <Button variant="light" c={badgeText('blue')} fullWidth loading={coupon.applying} onClick={coupon.apply}>
          Apply Coupon
        </Button>
      </Stack>
      {coupon.applied && (
        <Group gap={6} mt={6}>
          <Text size="sm" c="teal.9" fw={600}>
            Coupon {coupon.applied.coupon_code} applied.
          </Text>
          <UnstyledButton onClick={coupon.remove} fz="sm" c="red.9" fw={600} style={{ display: 'inline-flex', alignItems: 'center', gap: 2 }}>
            <IconX size={14} aria-hidden />
            Remove coupon
          </UnstyledButton>
        </Group>
      )}
    </div>
  );
}
