import { Card, Stepper } from '@mantine/core';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Stepper.css';
import { useMediaQuery } from '@mantine/hooks';
import { IconCheck } from '@tabler/icons-react';

/** The three steps of ordering; the sidebar of the payment page. */
export function PaymentSteps({ active }: { active: 1 | 2 | 3 }) {
  const wide = useMediaQuery('(min-width: 75em)');
  return (
    <Card withBorder radius="lg" padding="lg" component="nav" aria-label="Order steps">
      <Stepper
        active={active}
        orientation={wide ? 'vertical' : 'horizontal'}
        labelPosition="bottom"
        wrap={false}
        size="sm"
        completedIcon={<IconCheck size={16} aria-hidden />}
        styles={{ stepDescription: { display: wide ? undefined : 'none' } }}
      >
        <Stepper.Step label="Order Brief" description="What you ordered" />
        <Stepper.Step label="Payment" description="Coupon and payment method" />
        <Stepper.Step label="Confirmation" description="Order placed" />
      </Stepper>
    </Card>
  );
}
