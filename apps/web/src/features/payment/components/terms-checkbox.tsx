import { Anchor, Checkbox } from '@mantine/core';
import { messages, TERMS_URL } from '@copydesk/shared';

/** The terms-and-privacy agreement a payment needs; unticked on Pay, it says so under itself. */
export function TermsCheckbox({ checked, invalid, onChange }: { checked: boolean; invalid: boolean; onChange: (checked: boolean) => void }) {
  return (
    <Checkbox
      checked={checked}
      error={invalid ? messages.acceptTerms : undefined}
      aria-invalid={invalid || undefined}
      onChange={(e) => onChange(e.currentTarget.checked)}
      label={
        <>
          I accept the{' '}
          <Anchor href={TERMS_URL} target="_blank" rel="noopener noreferrer" inherit>
            terms and conditions and the privacy policy
          </Anchor>
        </>
      }
    />
  );
}
