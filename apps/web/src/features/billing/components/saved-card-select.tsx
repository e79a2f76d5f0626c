import { Text } from '@mantine/core';
import { Select } from '@/components/ui/select';
import { messages } from '@copydesk/shared';
import type { SavedCard } from '../api/get-saved-cards';
import { savedCardLabel } from '../lib/card-form';

/** The option that leaves the saved cards for the new-card form ('Add a new card'). */
const NEW_CARD = 'new-card';

type SavedCardSelectProps = {
  cards: SavedCard[] | undefined;
  loading?: boolean;
  value: string | null;
  onSelect: (cardId: string) => void;
  onNewCard: () => void;
  invalid?: boolean;
  /** 'No saved card.' in the billing modal, 'No saved cards.' on the payment page. */
  emptyText: string;
};

export function SavedCardSelect({ cards, loading, value, onSelect, onNewCard, invalid, emptyText }: SavedCardSelectProps) {
  if (!loading && cards && cards.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="lg">
        {emptyText}
      </Text>
    );
  }
  return (
    <Select
      label="Saved Card"
      placeholder={loading ? 'Loading…' : 'Choose a saved card'}
      data={[...(cards ?? []).map((card) => ({ value: String(card.id), label: savedCardLabel(card) })), { value: NEW_CARD, label: messages.addNewCard }]}
      value={value}
      error={invalid}
      allowDeselect={false}
      onChange={(next) => {
        if (next === NEW_CARD) onNewCard();
        else if (next) onSelect(next);
      }}
    />
  );
}
