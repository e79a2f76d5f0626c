import type { ReactNode } from 'react';
import { Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { Brand } from '@/components/ui/brand';
import { copyrightLine } from './copyright';

type AuthLayoutProps = {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Card width in px; the sign-up form is wider than sign-in. */
  width?: number;
  children: ReactNode;
};

/** Centered card on a quiet background: the frame of every visitor screen. */
export function AuthLayout({ title, subtitle, width = 440, children }: AuthLayoutProps) {
  return (
    <Box
      component="main"
      mih="100dvh"
      px="md"
      py={{ base: 24, sm: 48 }}
      style={{
        background:
          'radial-gradient(1200px 600px at 10% -10%, var(--mantine-color-blue-1), transparent 60%), radial-gradient(900px 500px at 110% 110%, var(--mantine-color-indigo-0), transparent 60%), var(--mantine-color-gray-0)',
      }}
    >
      <Center>
        <Stack w="100%" maw={width} gap="lg">
          <Center>
            <Brand size="lg" />
          </Center>
          <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 32 }}>
            <Stack gap={4} mb="lg">
              <Title order={1} fz={26}>
                {title}
              </Title>
              {subtitle && (
                <Text c="dimmed" size="sm">
                  {subtitle}
                </Text>
              )}
            </Stack>
            {children}
          </Paper>
          <Text ta="center" size="xs" c="dimmed">
            {copyrightLine()}
          </Text>
        </Stack>
      </Center>
    </Box>
  );
}
