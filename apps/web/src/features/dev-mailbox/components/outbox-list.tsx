import { Fragment } from 'react';
import { Accordion, Anchor, Badge, Box, Group, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Accordion.css';
import '@mantine/core/styles/Badge.css';
import type { OutboxEmail } from '../api/get-outbox';

const URL_PATTERN = /(https?:\/\/[^\s<>"')]+)/g;

/** Plain-text body with its links clickable. */
function LinkedText({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <Text component="pre" size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontFamily: 'inherit', margin: 0 }}>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <Anchor key={i} href={part}>
            {part}
          </Anchor>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </Text>
  );
}

/**
 * The email's HTML in a sandbox without scripts; `<base target="_top">` makes its links open in
 * this tab (allowed by the sandbox only on a click), so a verification link works as in a mail app.
 */
function HtmlBody({ email }: { email: OutboxEmail }) {
  return (
    <Box
      component="iframe"
      title={`Email: ${email.subject}`}
      srcDoc={`<base target="_top">${email.html ?? ''}`}
      sandbox="allow-top-navigation-by-user-activation allow-popups"
      w="100%"
      h={420}
      style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8, background: 'white' }}
    />
  );
}

export function OutboxList({ emails }: { emails: OutboxEmail[] }) {
  const newestFirst = [...emails].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
  return (
    <Accordion variant="separated" radius="md" chevronPosition="left">
      {newestFirst.map((email, i) => (
        <Accordion.Item key={`${email.created_at}-${i}`} value={`${i}`}>
          <Accordion.Control>
            <Group justify="space-between" wrap="nowrap" gap="md">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={600} truncate>
                  {email.subject}
                </Text>
                <Text size="sm" c="dimmed" truncate>
                  To: {email.to}
                </Text>
              </Stack>
              <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
                {new Date(email.created_at).toLocaleString()}
              </Badge>
            </Group>
          </Accordion.Control>
          <Accordion.Panel>{email.html ? <HtmlBody email={email} /> : <LinkedText text={email.text ?? ''} />}</Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
