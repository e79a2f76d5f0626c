import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Modal, Stack, Text, ThemeIcon, Group } from '@mantine/core';
import '@mantine/core/styles/Modal.css';
import { IconShoppingCartPlus, IconUsersPlus, IconWallet } from '@tabler/icons-react';
import { messages, WELCOME_DELAY_MS, type Role, type User } from '@copydesk/shared';
import { useFinishOnboardingStep } from '@/lib/onboarding';
import { focusPageHeading } from '@/lib/page-heading';
import { welcomeGuideDue } from '../lib/welcome-guide-due';

/** A step opens a page, or (`opens: 'add-balance'`) the Add Balance dialog over the dashboard. */
type Step = { label: string; hint: string; to: string; opens?: 'add-balance'; icon: typeof IconWallet };

const STEPS: Record<Role, Step[]> = {
  agency: [
    { label: 'Add balance', hint: 'Top up your wallet to pay for orders in one click.', to: '/billing?add-balance=1', opens: 'add-balance', icon: IconWallet },
    { label: 'Add team members', hint: 'Invite associates who order for your agency.', to: '/management?add=1', icon: IconUsersPlus },
    { label: 'Place an order', hint: 'Tell us what to write; we take it from there.', to: '/create', icon: IconShoppingCartPlus },
  ],
  associate: [{ label: 'Place an order', hint: 'Tell us what to write; your agency wallet pays.', to: '/create', icon: IconShoppingCartPlus }],
  admin: [
    { label: 'Add balance', hint: 'Credit an agency wallet, with a description.', to: '/billing?add-balance=1', opens: 'add-balance', icon: IconWallet },
    { label: 'Add team members', hint: 'Create agency accounts.', to: '/management?add=1', icon: IconUsersPlus },
  ],
};

type WelcomeGuideProps = {
  user: User;
  role: Role;
  /** Opens the Add Balance dialog (the agency's top-up, the admin's credit); without it the step opens the billing page. */
  onAddBalance?: () => void;
};

/**
 * First sign-in guide: opens 3 s after the dashboard loads, on the user's first sign-in only, until it
 * is closed (its close button, Escape, or a step's Start). Closing it is kept on the server
 * (docs/decisions/0041-onboarding-once.md), so no browser opens it again.
 */
export function WelcomeGuide({ user, role, onAddBalance }: WelcomeGuideProps) {
  const navigate = useNavigate();
  const finish = useFinishOnboardingStep();
  const [opened, setOpened] = useState(false);
  /** A dialog to open once the guide has gone, so it takes focus from the heading and gives it back there. */
  const then = useRef<(() => void) | null>(null);
  const due = welcomeGuideDue(user);

  useEffect(() => {
    if (!due) return;
    const timer = setTimeout(() => setOpened(true), WELCOME_DELAY_MS);
    return () => clearTimeout(timer);
  }, [due]);

  const close = () => {
    setOpened(false);
    finish.mutate('welcome_guide_closed');
  };

  const go = (step: Step) => {
    close();
    if (step.opens === 'add-balance' && onAddBalance) then.current = onAddBalance;
    else navigate(step.to);
  };

  const closed = () => {
    focusPageHeading();
    const next = then.current;
    then.current = null;
    next?.();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={
        <Text component="span" fw={700} fz="lg">
          Getting started
        </Text>
      }
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close getting started guide' }}
      // It opened by itself, over nothing in particular: reading goes on at the page's heading.
      returnFocus={false}
      onExitTransitionEnd={closed}
    >
      <Stack gap="md">
        <Text>{messages.welcomeGuideIntro}</Text>
        {STEPS[role].map((step) => (
          <Group key={step.to} wrap="nowrap" justify="space-between" gap="md">
            <Group wrap="nowrap" gap="sm" style={{ minWidth: 0 }}>
              <ThemeIcon variant="light" size={40} radius="md" aria-hidden>
                <step.icon size={22} stroke={1.7} />
              </ThemeIcon>
              <div>
                <Text fw={600}>{step.label}</Text>
                <Text size="sm" c="dimmed">
                  {step.hint}
                </Text>
              </div>
            </Group>
            {/* The name starts with the word on the button (WCAG 2.5.3), then says which step. */}
            <Button variant="light" onClick={() => go(step)} aria-label={`Start: ${step.label}`} style={{ flex: 'none' }}>
              Start
            </Button>
          </Group>
        ))}
      </Stack>
    </Modal>
  );
}
