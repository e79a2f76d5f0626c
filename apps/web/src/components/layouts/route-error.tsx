import { useEffect } from 'react';
import { Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLayoutDashboard, IconRefresh } from '@tabler/icons-react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { crashScreenMessages } from '@copydesk/shared';
import { FullPageLoader } from '@/components/ui/full-page-loader';
import { isChunkLoadError, shouldReloadForNewBuild } from '@/lib/lazy-retry';

function messageOf(error: unknown): string {
  if (isChunkLoadError(error)) return crashScreenMessages.loadFailed;
  if (isRouteErrorResponse(error) && error.status === 404) return crashScreenMessages.notFound;
  return crashScreenMessages.failed;
}

/**
 * The error element of every route (attached by app/router.tsx), in place of React Router's
 * developer page: what happened, "Reload" and "Go to dashboard". A screen whose code could not be
 * loaded first reloads the page once, to pick up a new build (lib/lazy-retry.ts). `framed`: the
 * screen sits in the signed-in frame, which stays around it; otherwise the card is the whole page.
 * Both buttons load a whole document, so the next page is the newest build's. It is part of the
 * entry chunk, with nothing of its own to load: it shows when loading failed.
 */
export function RouteError({ framed = false }: { framed?: boolean }) {
  const error = useRouteError();
  const reloading = shouldReloadForNewBuild(error);
  useEffect(() => {
    if (reloading) window.location.reload();
  }, [reloading]);
  if (reloading) return <FullPageLoader label={crashScreenMessages.reloading} />;

  const card = (
    <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 32 }} maw={600} mx={framed ? undefined : 'auto'}>
      <Title order={1} fz={{ base: 24, sm: 28 }} mb="md">
        {crashScreenMessages.title}
      </Title>
      <Stack gap="lg">
        <Text>{messageOf(error)}</Text>
        <Group gap="sm">
          <Button leftSection={<IconRefresh size={16} aria-hidden />} onClick={() => window.location.reload()}>
            {crashScreenMessages.reload}
          </Button>
          <Button component="a" href="/dashboard" variant="default" leftSection={<IconLayoutDashboard size={16} aria-hidden />}>
            {crashScreenMessages.goToDashboard}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
  // The frame pads its screens already.
  if (framed) return card;
  return (
    <Box component="main" mih="100dvh" px="md" py={{ base: 24, sm: 64 }} bg="gray.0">
      {card}
    </Box>
  );
}
