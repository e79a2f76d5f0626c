import { Anchor, Card, Group, List, Stack, Text, TextInput } from '@mantine/core';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/List.css';
import { IconExternalLink } from '@tabler/icons-react';
import { developersScreenMessages as m } from '@copydesk/shared';
import { curlExample, mcpAddress, mcpConfig, verifySnippet } from '../lib/snippets';
import { CodeSnippet } from './code-snippet';
import { CopyValueButton } from './copy-value-button';
import { SectionHeader } from './section-header';

/** Getting started: a first call with curl, the API reference, checking a webhook's signature, and the MCP endpoint with a client configuration. */
export function GettingStarted({ origin }: { origin: string }) {
  return (
    <Card withBorder radius="lg" padding={0} component="section" aria-labelledby="developers-start">
      <SectionHeader id="developers-start" title={m.gettingStartedTitle} intro={m.gettingStartedIntro} />
      <List type="ordered" spacing="lg" pl={40} pr="md" pb="md" styles={{ itemWrapper: { display: 'block', width: '100%' }, itemLabel: { display: 'block' } }}>
        <List.Item>
          <CodeSnippet caption={m.curlStep} code={curlExample(origin)} what="curl example" />
        </List.Item>
        <List.Item>
          <Stack gap={4}>
            <Text size="sm">{m.docsStep}</Text>
            <Anchor href="/api/docs" target="_blank" rel="noopener" size="sm" fw={600}>
              <Group component="span" gap={4} wrap="nowrap" display="inline-flex">
                {m.docsLink}
                <IconExternalLink size={14} aria-hidden />
              </Group>
            </Anchor>
          </Stack>
        </List.Item>
        <List.Item>
          <CodeSnippet caption={m.verifyStep} code={verifySnippet} what="signature check" />
        </List.Item>
        <List.Item>
          <Stack gap="sm">
            <Text size="sm">{m.mcpStep}</Text>
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <TextInput
                label={m.mcpAddress}
                value={mcpAddress(origin)}
                readOnly
                onFocus={(event) => event.currentTarget.select()}
                style={{ flex: 1, minWidth: 0 }}
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              />
              <CopyValueButton value={mcpAddress(origin)} what={m.mcpAddress} />
            </Group>
            <CodeSnippet caption={m.mcpConfig} code={mcpConfig(origin)} what="MCP client configuration" />
          </Stack>
        </List.Item>
      </List>
    </Card>
  );
}
