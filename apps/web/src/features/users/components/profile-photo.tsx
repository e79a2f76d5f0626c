import { useRef } from 'react';
import { Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Avatar.css';
import { IconCamera } from '@tabler/icons-react';
import { messages, PROFILE_PIC_MAX_BYTES, PROFILE_PIC_TYPES, type User } from '@copydesk/shared';
import { notify } from '@/lib/notify';
import { useUpdateProfilePic } from '../api/update-profile-pic';

/** Profile picture with an upload button; type and size are checked before anything is sent. */
export function ProfilePhoto({ user }: { user: User }) {
  const upload = useUpdateProfilePic();
  const resetRef = useRef<() => void>(null);

  const onFile = (file: File | null) => {
    resetRef.current?.(); // choosing the same file again must fire again
    if (!file) return;
    if (!(PROFILE_PIC_TYPES as readonly string[]).includes(file.type)) {
      notify.info(messages.photoType);
      return;
    }
    if (file.size > PROFILE_PIC_MAX_BYTES) {
      notify.info(messages.photoTooLarge);
      return;
    }
    upload.mutate(file, { onSuccess: (res) => notify.success(res?.message || messages.photoUpdated) });
  };

  return (
    <Group gap="lg" wrap="nowrap" align="center">
      <Avatar src={user.profileImg || user.google_pic} name={user.name} color="initials" size={96} radius={96} alt={`Profile picture of ${user.name}`} />
      <Stack gap={6}>
        <Text fw={700} fz="xl" lh={1.2}>
          {user.name}
        </Text>
        <Text c="dimmed" size="sm">
          {user.email}
        </Text>
        <Group gap="sm" mt={4}>
          <FileButton onChange={onFile} accept={PROFILE_PIC_TYPES.join(',')} resetRef={resetRef}>
            {(props) => (
              <Button {...props} variant="light" size="xs" leftSection={<IconCamera size={16} aria-hidden />} loading={upload.isPending}>
                Change photo
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed">
            {messages.photoHint}
          </Text>
        </Group>
      </Stack>
    </Group>
  );
}
