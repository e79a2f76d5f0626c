import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card, Group, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Skeleton.css';
import { IconChevronRight } from '@tabler/icons-react';
import classes from './figure-card.module.css';

export type FigureCardProps = {
  label: string;
  /** What the figure is; undefined shows a dash. */
  value: ReactNode;
  loading?: boolean;
  /** The call failed: its message instead of the figure. */
  error?: string | null;
  icon: ReactNode;
  color: string;
  /** A line under the figure. */
  note?: ReactNode;
  /** The whole card opens this page. */
  to?: string;
  /** A button under the figure (not with `to`). */
  action?: ReactNode;
};

/** One dashboard figure: an icon, a label and a number, optionally opening a page or offering an action. */
export function FigureCard({ label, value, loading = false, error, icon, color, note, to, action }: FigureCardProps) {
  const figure = loading ? (
    <Skeleton h={30} w={80} />
  ) : error ? (
    <Text c="red.8" size="sm">
      {error}
    </Text>
  ) : (
    <Text fz={26} fw={700} lh={1.2}>
      {value ?? '—'}
    </Text>
  );
  const content = (
    <Stack gap="md" h="100%" justify="space-between">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon size={44} radius="md" variant="light" color={color} aria-hidden>
          {icon}
        </ThemeIcon>
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Text size="sm" c="gray.7" fw={600}>
            {label}
          </Text>
          {figure}
          {note && !loading && !error && (
            <Text size="xs" c="gray.7">
              {note}
            </Text>
          )}
        </Stack>
        {to && <IconChevronRight size={18} color="var(--mantine-color-gray-6)" aria-hidden style={{ flex: 'none' }} />}
      </Group>
      {action}
    </Stack>
  );

  if (to) {
    // Named by its own text (label, figure, note): WCAG 2.5.3.
    return (
      <Card component={Link} to={to} withBorder radius="lg" padding="lg" h="100%" className={classes.link}>
        {content}
      </Card>
    );
  }
  return (
    <Card withBorder radius="lg" padding="lg" h="100%" component="section" aria-label={label}>
      {content}
    </Card>
  );
}
