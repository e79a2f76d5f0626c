import type { ComponentType, ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import {
  ActionIcon,
  AppShell,
  Avatar,
  Box,
  Burger,
  Group,
  Menu,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure, useLocalStorage } from '@mantine/hooks';
import {
  IconChevronDown,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconLogout,
  IconUser,
} from '@tabler/icons-react';
import { SIDEBAR_WIDTH, SIDEBAR_WIDTH_COLLAPSED } from '@copydesk/shared';
import { Brand } from '@/components/ui/brand';
import classes from './app-frame.module.css';

type IconComponent = ComponentType<{ size?: number | string; stroke?: number; 'aria-hidden'?: boolean }>;

export type FrameNavItem = { label: string; to: string; icon: IconComponent };
export type FrameLink = { label: string; description?: string; href: string; icon: IconComponent };
export type FrameUser = { name: string; email: string; imageUrl: string | null };

type AppFrameProps = {
  /** The portal title shown in the top bar (Admin Portal, Agency Portal, ...). */
  title: string;
  nav: FrameNavItem[];
  /** An external link pinned to the bottom of the sidebar. */
  helpLink?: FrameLink;
  user: FrameUser;
  /** Extra things for the top bar, before the account menu. */
  topBarExtra?: ReactNode;
  /** A slim notice above every screen's content (e.g. a promotion); nothing when empty. */
  banner?: ReactNode;
  onProfile: () => void;
  onLogout: () => void;
  children: ReactNode;
};

/** The signed-in frame: collapsible sidebar (260 / 100 px), top bar with the account menu, footer. */
export function AppFrame({ title, nav, helpLink, user, topBarExtra, banner, onProfile, onLogout, children }: AppFrameProps) {
  const location = useLocation();
  const [mobileOpened, { toggle: toggleMobile, close: closeMobile }] = useDisclosure(false);
  const [collapsed, setCollapsed] = useLocalStorage({ key: 'sidebarCollapsed', defaultValue: false });
  const compact = collapsed && !mobileOpened;

  const item = (entry: FrameNavItem) => {
    const active = location.pathname === entry.to || location.pathname.startsWith(`${entry.to}/`);
    const Icon = entry.icon;
    const link = (
      <NavLink
        key={entry.to}
        component={Link}
        to={entry.to}
        label={compact ? undefined : entry.label}
        aria-label={compact ? entry.label : undefined}
        leftSection={<Icon size={22} stroke={1.7} aria-hidden />}
        active={active}
        variant="light"
        className={compact ? `${classes.navLink} ${classes.navLinkCompact}` : classes.navLink}
        onClick={closeMobile}
        py={10}
      />
    );
    return compact ? (
      <Tooltip key={entry.to} label={entry.label} position="right" withArrow>
        {link}
      </Tooltip>
    ) : (
      link
    );
  };

  return (
    <AppShell
      layout="alt"
      header={{ height: 64 }}
      navbar={{
        width: { base: SIDEBAR_WIDTH, sm: collapsed ? SIDEBAR_WIDTH_COLLAPSED : SIDEBAR_WIDTH },
        breakpoint: 'sm',
        collapsed: { mobile: !mobileOpened },
      }}
      padding={{ base: 'md', sm: 'xl' }}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <Burger
              opened={mobileOpened}
              onClick={toggleMobile}
              hiddenFrom="sm"
              size="sm"
              aria-label={mobileOpened ? 'Close navigation' : 'Open navigation'}
            />
            <ActionIcon
              visibleFrom="sm"
              variant="subtle"
              color="gray"
              size="lg"
              onClick={() => setCollapsed((c) => !c)}
              aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            >
              {collapsed ? (
                <IconLayoutSidebarLeftExpand size={22} stroke={1.6} />
              ) : (
                <IconLayoutSidebarLeftCollapse size={22} stroke={1.6} />
              )}
            </ActionIcon>
            <Text fw={700} fz="lg" truncate>
              {title}
            </Text>
          </Group>
          <Group gap="md" wrap="nowrap">
            {topBarExtra}
            <Menu position="bottom-end" width={200} shadow="md" withinPortal>
              <Menu.Target>
                <UnstyledButton className={classes.userButton} aria-label="Account menu">
                  <Group gap="xs" wrap="nowrap">
                    <Avatar src={user.imageUrl} name={user.name} color="blue.9" variant="light" radius="xl" size={36} alt="" />
                    <Box visibleFrom="xs" maw={180}>
                      <Text size="sm" fw={600} truncate lh={1.2}>
                        {user.name}
                      </Text>
                      <Text size="xs" c="dimmed" truncate lh={1.2}>
                        {user.email}
                      </Text>
                    </Box>
                    <IconChevronDown size={16} aria-hidden />
                  </Group>
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconUser size={16} aria-hidden />} onClick={onProfile}>
                  Profile
                </Menu.Item>
                <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} color="red" onClick={onLogout}>
                  Logout
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="md" aria-label="Main navigation">
        <AppShell.Section mb="lg" mt={4}>
          <Group justify={compact ? 'center' : 'space-between'} wrap="nowrap">
            <Link to="/dashboard" aria-label="Copydesk home" style={{ textDecoration: 'none' }}>
              <Brand compact={compact} />
            </Link>
            <Burger opened hiddenFrom="sm" size="sm" onClick={closeMobile} aria-label="Close navigation" />
          </Group>
        </AppShell.Section>
        <AppShell.Section grow component={ScrollArea}>
          <Stack gap={4} component="nav">
            {nav.map(item)}
          </Stack>
        </AppShell.Section>
        {helpLink && (
          <AppShell.Section mt="md">
            <NavLink
              component="a"
              href={helpLink.href}
              target="_blank"
              rel="noopener noreferrer"
              label={compact ? undefined : helpLink.label}
              description={compact ? undefined : helpLink.description}
              aria-label={helpLink.description ? `${helpLink.label} ${helpLink.description}` : helpLink.label}
              title={compact ? helpLink.label : undefined}
              leftSection={<helpLink.icon size={22} stroke={1.7} aria-hidden />}
              className={compact ? `${classes.navLink} ${classes.navLinkCompact}` : classes.navLink}
              classNames={{ description: classes.navDescription }}
              active
              variant="light"
              py={10}
            />
          </AppShell.Section>
        )}
      </AppShell.Navbar>

      <AppShell.Main bg="gray.0" style={{ display: 'flex', flexDirection: 'column' }}>
        {banner}
        <Box style={{ flex: 1 }}>{children}</Box>
        <Text component="footer" size="xs" c="dimmed" ta="center" pt="xl">
          © 2023 Copydesk
        </Text>
      </AppShell.Main>
    </AppShell>
  );
}
