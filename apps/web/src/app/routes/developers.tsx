import { Stack, Text, Title } from '@mantine/core';
import { developersScreenMessages as m } from '@copydesk/shared';
import { ApiKeysSection } from '@/features/developers/components/api-keys-section';
import { GettingStarted } from '@/features/developers/components/getting-started';
import { WebhooksSection } from '@/features/developers/components/webhooks-section';

/** /settings/developers (agency, admin; `developers.manage`): API keys, webhooks and how to start with the API and the MCP endpoint. */
export function DevelopersRoute() {
  // The examples name the address this app is served from, which is the API's.
  const origin = window.location.origin;
  return (
    <Stack gap="lg" maw={1280}>
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 30 }}>
          {m.title}
        </Title>
        <Text c="gray.7">{m.subtitle}</Text>
      </Stack>
      <ApiKeysSection origin={origin} />
      <WebhooksSection />
      <GettingStarted origin={origin} />
    </Stack>
  );
}
