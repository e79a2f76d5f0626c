import { Box, Group, Text, ThemeIcon } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import classes from './order-form.module.css';

export const ORDER_STEPS = ['Order Brief', 'Payment', 'Confirmation'] as const;

/** The steps sidebar of the order flow (1 Order Brief, 2 Payment, 3 Confirmation). */
export function OrderSteps({ active }: { active: number }) {
  return (
    <Box component="ol" className={classes.steps} aria-label="Order steps">
      {ORDER_STEPS.map((label, i) => {
        const state = i < active ? 'done' : i === active ? 'current' : 'todo';
        return (
          <Group key={label} component="li" gap="sm" wrap="nowrap" className={classes.step} aria-current={state === 'current' ? 'step' : undefined}>
            <ThemeIcon radius="xl" size={32} variant={state === 'todo' ? 'light' : 'filled'} color={state === 'todo' ? 'gray' : 'blue'} aria-hidden>
              {state === 'done' ? (
                <IconCheck size={16} />
              ) : (
                <Text fw={700} fz="sm">
                  {i + 1}
                </Text>
              )}
            </ThemeIcon>
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                Step {i + 1}
              </Text>
              <Text fw={state === 'current' ? 700 : 500} c={state === 'todo' ? 'dimmed' : undefined}>
                {label}
              </Text>
            </div>
          </Group>
        );
      })}
    </Box>
  );
}
