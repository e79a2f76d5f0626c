import { useState, type ReactNode } from 'react';
import { Anchor, Box, Button, Card, Group, Modal, ScrollArea, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import { useMediaQuery } from '@mantine/hooks';
import { IconFileText } from '@tabler/icons-react';
import { formatDollars, listScreenMessages, type ProductSummary } from '@copydesk/shared';
import classes from './product-grid.module.css';
import { ErrorState } from '@/components/ui/error-state';

/** Wider than this, the grid shows the sample of the hovered or selected product beside it. */
export const SAMPLE_PREVIEW_QUERY = '(min-width: 1025px)';

export const startingFrom = (product: Pick<ProductSummary, 'starting_price'>) => `Starting from ${formatDollars(product.starting_price)}`;

type ProductGridProps = {
  products: ProductSummary[] | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  /** A type was chosen; `busy` shows on its button until the next step opens. */
  onChoose: (name: string) => void;
  busy?: string | null;
  /** Extra actions beside the title (the bulk order button). */
  actions?: ReactNode;
};

/** Step 1 of the order form: 'Place your Order', one card per order type. */
export function ProductGrid({ products, loading, error, onRetry, onChoose, busy, actions }: ProductGridProps) {
  const wide = useMediaQuery(SAMPLE_PREVIEW_QUERY) ?? false;
  const [sample, setSample] = useState<ProductSummary | null>(null);
  const [previewName, setPreviewName] = useState<string | null>(null);
  const preview = products?.find((p) => p.name === previewName) ?? products?.[0] ?? null;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 26, sm: 30 }}>
            Place your Order
          </Title>
          <Text c="dimmed">Choose what we should write for you. You can add more items of any type on the next step.</Text>
        </Stack>
        {actions}
      </Group>

      {error ? (
        <ErrorState title={listScreenMessages.orderTypesFailed} error={error} onRetry={onRetry} />
      ) : (
        <Box className={wide ? classes.withPreview : undefined}>
          <SimpleGrid cols={{ base: 1, xs: 2, xl: wide ? 2 : 3 }} spacing="md" verticalSpacing="md">
            {loading || !products
              ? Array.from({ length: 6 }, (_, i) => <Skeleton key={i} height={190} radius="lg" />)
              : products.map((product) => (
                  <Card
                    key={product.id}
                    withBorder
                    radius="lg"
                    padding="lg"
                    className={classes.card}
                    data-previewed={wide && preview?.name === product.name ? true : undefined}
                    onMouseEnter={() => setPreviewName(product.name)}
                    onFocusCapture={() => setPreviewName(product.name)}
                  >
                    <Stack gap="xs" h="100%">
                      <Title order={2} fz="lg">
                        {product.name}
                      </Title>
                      <Text size="sm" c="dimmed" lineClamp={3}>
                        {product.description}
                      </Text>
                      <Text size="sm" fw={600} c="blue.8">
                        {startingFrom(product)}
                      </Text>
                      <Group justify="space-between" mt="auto" pt="xs" wrap="nowrap">
                        <Anchor component="button" type="button" size="sm" onClick={() => setSample(product)} aria-label={`View Sample of ${product.name}`}>
                          View Sample
                        </Anchor>
                        <Button
                          size="sm"
                          onClick={() => onChoose(product.name)}
                          loading={busy === product.name}
                          disabled={Boolean(busy) && busy !== product.name}
                          aria-label={`Select ${product.name}`}
                        >
                          Select
                        </Button>
                      </Group>
                    </Stack>
                  </Card>
                ))}
          </SimpleGrid>

          {wide && preview && (
            <Card withBorder radius="lg" padding="lg" className={classes.preview} aria-label="Sample preview" component="aside">
              <Group gap="xs" mb="sm" wrap="nowrap">
                <IconFileText size={20} aria-hidden />
                <Text fw={700}>{preview.name} sample</Text>
              </Group>
              <ScrollArea.Autosize mah={520} type="auto">
                <Text size="sm" className={classes.sampleText}>
                  {preview.sample}
                </Text>
              </ScrollArea.Autosize>
            </Card>
          )}
        </Box>
      )}

      <Modal
        opened={sample !== null}
        onClose={() => setSample(null)}
        title={
          <Text component="span" fw={700} fz="lg">
            {sample ? `${sample.name} sample` : ''}
          </Text>
        }
        size="lg"
        centered
        closeButtonProps={{ 'aria-label': 'Close sample' }}
      >
        <Text className={classes.sampleText}>{sample?.sample}</Text>
      </Modal>
    </Stack>
  );
}
