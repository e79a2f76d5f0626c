import { Alert, Button, Code, Group, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Code.css';
import { IconFlask } from '@tabler/icons-react';
import { groupedCardNumber, SANDBOX_TEST_CARDS } from '@copydesk/shared';

/**
 * Sandbox mode (PAYMENT_GATEWAY=sandbox): no card is really charged, and these numbers decide the
 * outcome, as payment providers' test modes list theirs. Never drawn in Stripe mode.
 */
export function TestModeNote({ onUse }: { onUse?: (cardNumber: string) => void }) {
  return (
    // The title in the text colour: yellow's own (shade 9) is under 4.5:1 on the light yellow.
    <Alert
      role="note"
      color="yellow"
      variant="light"
      title="Test mode"
      icon={<IconFlask size={18} aria-hidden />}
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
    >
      <Stack gap={6}>
        <Text size="sm">No real card is charged. Pick a test card (any future expiry date, any 3-digit CVC):</Text>
        <Stack gap={4} component="ul" aria-label="Test cards" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {SANDBOX_TEST_CARDS.map((card) => {
            const grouped = groupedCardNumber(card.number);
            return (
              // The outcome stays beside its number, wrapping in its own column on a phone.
              <Group key={card.number} component="li" gap="xs" wrap="nowrap">
                {/* The number itself fills the card field (the form's own check still applies). */}
                {onUse ? (
                  <Button
                    variant="default"
                    size="compact-sm"
                    ff="monospace"
                    fw={500}
                    style={{ flexShrink: 0 }}
                    onClick={() => onUse(grouped)}
                    aria-label={`Use test card ${grouped} (${card.outcome})`}
                  >
                    {grouped}
                  </Button>
                ) : (
                  <Code fz="sm">{grouped}</Code>
                )}
                <Text size="sm" style={{ flex: 1, minWidth: 0 }}>
                  {card.outcome}
                </Text>
              </Group>
            );
          })}
        </Stack>
      </Stack>
    </Alert>
  );
}
