import { Alert, Group, Stack, TextInput } from '@mantine/core';
import '@mantine/core/styles/Alert.css';
import { IconAlertTriangle } from '@tabler/icons-react';
import { CopyValueButton } from './copy-value-button';

type SecretFieldProps = {
  /** What the value is: 'API key', 'Signing secret'. */
  label: string;
  value: string;
  /** That it will not be shown again. */
  warning: string;
};

/**
 * A new key or signing secret, shown the one time the server sends it: read-only (a click selects
 * it all), with a copy button and the warning that it cannot be seen again.
 */
export function SecretField({ label, value, warning }: SecretFieldProps) {
  return (
    <Stack gap="sm">
      <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="status">
        {warning}
      </Alert>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label={label}
          value={value}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          style={{ flex: 1, minWidth: 0 }}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          data-autofocus
        />
        <CopyValueButton value={value} what={label} />
      </Group>
    </Stack>
  );
}
