import { Modal, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/SimpleGrid.css';
import type { ProductSummary } from '@copydesk/shared';
import classes from './order-form.module.css';

type ContentTypeModalProps = {
  opened: boolean;
  products: ProductSummary[];
  onClose: () => void;
  onChoose: (name: string) => void;
};

/** 'Add Another Item': which type of content the new item is. */
export function ContentTypeModal({ opened, products, onClose, onChoose }: ContentTypeModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        <Text component="span" fw={700} fz="lg">
          Choose the content type
        </Text>
      }
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': 'Close content type chooser' }}
    >
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
        {products.map((product) => (
          <UnstyledButton key={product.id} className={classes.typeOption} aria-label={product.name} onClick={() => onChoose(product.name)}>
            <Text fw={600}>{product.name}</Text>
            <Text size="xs" c="dimmed" lineClamp={2}>
              {product.description}
            </Text>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Modal>
  );
}
