import { useEffect, useState } from 'react';
import { Button, Group, Modal, Stack, Tabs, Text, ThemeIcon } from '@mantine/core';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Tabs.css';
import { IconCash, IconClipboardText, IconLayoutGrid, IconRuler2 } from '@tabler/icons-react';
import { focusPageHeading } from '@/lib/page-heading';

const seenKey = (userId: number) => `firstOrderGuideSeen:${userId}`;

const TABS = [
  {
    value: 'choose',
    label: 'Choose',
    icon: IconLayoutGrid,
    title: 'Choose what to order',
    body: 'Pick a content type from the cards; View Sample shows what a finished piece looks like. Ordering many pieces at once? Ordering in bulk takes a spreadsheet.',
  },
  {
    value: 'describe',
    label: 'Describe',
    icon: IconClipboardText,
    title: 'Describe each piece',
    body: 'Every item asks for a title, the project, the company, the audience, the purpose and the tone. Pick a past project and its details fill themselves in.',
  },
  {
    value: 'price',
    label: 'Length',
    icon: IconRuler2,
    title: 'Pick the length and extras',
    body: 'The word count sets the price and add-ons such as SEO optimisation add to it. Add, clone or remove items: the order total at the bottom follows.',
  },
  {
    value: 'pay',
    label: 'Pay',
    icon: IconCash,
    title: 'Pay and follow the work',
    body: 'Next takes you to the payment. Writers deliver in 4-5 business days; you review every piece and can ask for a revision.',
  },
] as const;

type FirstOrderGuideProps = { userId: number; orderCount: number; enabled: boolean };

/** Shown once to a customer who has never ordered: four tabs with Exit Guide, Next and Finish. */
export function FirstOrderGuide({ userId, orderCount, enabled }: FirstOrderGuideProps) {
  const [opened, setOpened] = useState(false);
  const [tab, setTab] = useState<string>(TABS[0].value);

  useEffect(() => {
    if (!enabled || orderCount > 0 || localStorage.getItem(seenKey(userId))) return;
    localStorage.setItem(seenKey(userId), '1');
    setOpened(true);
  }, [enabled, orderCount, userId]);

  const index = TABS.findIndex((t) => t.value === tab);
  const last = index === TABS.length - 1;
  const close = () => setOpened(false);

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={
        <Text component="span" fw={700} fz="lg">
          Your first order
        </Text>
      }
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close first order guide' }}
      // It opened by itself, over nothing in particular: reading goes on at the page's heading.
      returnFocus={false}
      onExitTransitionEnd={() => focusPageHeading()}
    >
      <Tabs value={tab} onChange={(value) => value && setTab(value)}>
        <Tabs.List grow mb="md">
          {TABS.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map((t) => (
          <Tabs.Panel key={t.value} value={t.value}>
            <Group wrap="nowrap" align="flex-start" gap="md" mih={110}>
              <ThemeIcon variant="light" size={48} radius="md" aria-hidden>
                <t.icon size={26} stroke={1.6} />
              </ThemeIcon>
              <Stack gap={6}>
                <Text fw={700}>{t.title}</Text>
                <Text size="sm" c="dimmed">
                  {t.body}
                </Text>
              </Stack>
            </Group>
          </Tabs.Panel>
        ))}
      </Tabs>
      <Group justify="space-between" mt="lg">
        <Button variant="subtle" color="gray" onClick={close}>
          Exit Guide
        </Button>
        {last ? <Button onClick={close}>Finish</Button> : <Button onClick={() => setTab(TABS[index + 1]!.value)}>Next</Button>}
      </Group>
    </Modal>
  );
}
