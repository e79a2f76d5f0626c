import { Card, Stack, Tabs, Title } from '@mantine/core';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Tabs.css';
import { IconAddressBook, IconLock } from '@tabler/icons-react';
import { roleCan } from '@copydesk/shared';
import { LocationSelects } from '@/features/geo/components/location-selects';
import { ContactInfoForm } from '@/features/users/components/contact-info-form';
import { LoginInfoForm } from '@/features/users/components/login-info-form';
import { ProfilePhoto } from '@/features/users/components/profile-photo';
import { useSession } from '@/lib/auth';

/** /my-account: photo, contact information (not for associates) and password. */
export function MyAccountRoute() {
  const { user, role } = useSession();
  if (!user) return null;
  const withContact = roleCan(role, 'account.contactInfo');
  return (
    <Stack gap="xl" maw={960}>
      <Title order={1} fz={{ base: 26, sm: 30 }}>
        My Account
      </Title>
      <Card withBorder radius="lg" padding="lg">
        <ProfilePhoto user={user} />
      </Card>
      <Card withBorder radius="lg" padding="lg">
        <Tabs defaultValue={withContact ? 'contact' : 'login'} keepMounted={false}>
          <Tabs.List mb="lg">
            {withContact && (
              <Tabs.Tab value="contact" leftSection={<IconAddressBook size={16} aria-hidden />}>
                Contact Information
              </Tabs.Tab>
            )}
            <Tabs.Tab value="login" leftSection={<IconLock size={16} aria-hidden />}>
              Login Information
            </Tabs.Tab>
          </Tabs.List>
          {withContact && (
            <Tabs.Panel value="contact">
              {/* one form state per user; refreshes of the stored user do not overwrite what is being typed */}
              <ContactInfoForm key={user.id} user={user} renderLocation={(props) => <LocationSelects {...props} />} />
            </Tabs.Panel>
          )}
          <Tabs.Panel value="login">
            <LoginInfoForm email={user.email} />
          </Tabs.Panel>
        </Tabs>
      </Card>
    </Stack>
  );
}
