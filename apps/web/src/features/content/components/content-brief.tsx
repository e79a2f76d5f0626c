import type { ReactNode } from 'react';
import { Anchor, Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/SimpleGrid.css';
import { isValidLink, splitKeywords, type ContentDetail } from '@copydesk/shared';

function Field({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <Stack gap={2} style={wide ? { gridColumn: '1 / -1' } : undefined}>
      <Text component="dt" size="xs" c="gray.7" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text component="dd" m={0} size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

/** A link the customer gave, opened in a new tab; anything that is not http(s) stays text. */
function ExternalLink({ href }: { href: string }) {
  if (!isValidLink(href)) return <>{href}</>;
  return (
    <Anchor href={href.trim()} target="_blank" rel="noopener noreferrer nofollow" size="sm">
      {href.trim()}
    </Anchor>
  );
}

type TextField = [label: string, value: string | null | undefined, wide?: boolean];

/** What the customer ordered: the brief fields that were filled in, in the order form's order. */
export function ContentBrief({ item }: { item: ContentDetail }) {
  const keywords = splitKeywords(item.keywords);
  const words = item.word_count || (item.requested_word_count ? `${item.requested_word_count} Words` : null);
  const fields: TextField[] = [
    ['Type', item.order_type],
    ['Word count', words],
    ['Category', item.category],
    ['Add-on', item.addOn && item.addOn !== 'No Add-On' ? item.addOn : null],
    ['Project', item.project_name],
    ['Target audience', item.target_audience],
    ['Purpose', item.purpose],
    ['Writing tone', item.writing_tone],
    ['Publish medium', item.publish_medium],
    ['Preferred intent', item.preferred_intent],
    ['Perspective', item.preferred_perspective],
    ['Page', item.which_page],
    ['Copy type', item.copy_type],
    ['Subject line', item.subject_line],
    ['About company', item.about_company, true],
    ['Description', item.description, true],
    ['Specification', item.specification, true],
    ['CTA suggestions', item.cta_suggestions, true],
  ];
  return (
    <SimpleGrid component="dl" m={0} cols={{ base: 2, lg: 3 }} spacing="md" verticalSpacing="md">
      {fields
        .filter(([, value]) => value && value.trim())
        .map(([label, value, wide]) => (
          <Field key={label} label={label} wide={wide}>
            {value}
          </Field>
        ))}
      {keywords.length > 0 && (
        <Field label="Keywords" wide>
          <Group gap={6} component="span">
            {keywords.map((k) => (
              <Badge key={k} variant="outline" color="gray.7" radius="sm" tt="none" component="span">
                {k}
              </Badge>
            ))}
          </Group>
        </Field>
      )}
      {item.website_link && (
        <Field label="Website link" wide>
          <ExternalLink href={item.website_link} />
        </Field>
      )}
      {item.product_page_link && (
        <Field label="Product page link" wide>
          <ExternalLink href={item.product_page_link} />
        </Field>
      )}
    </SimpleGrid>
  );
}
