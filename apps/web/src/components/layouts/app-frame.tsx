import { useEffect, useEffectEvent, useState, type ComponentType, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import {
  ActionIcon,
  AppShell,
  Avatar,
  Badge,
  Box,
  Burger,
  getDefaultZIndex,
  Group,
  Indicator,
  NavLink,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import '@mantine/core/styles/AppShell.css';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Indicator.css';
import '@mantine/core/styles/NavLink.css';
import { useDisclosure, useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand, IconLogout, IconUser } from '@tabler/icons-react';
import { SIDEBAR_WIDTH, SIDEBAR_WIDTH_COLLAPSED } from '@copydesk/shared';
import { Brand } from '@/components/ui/brand';
import { Menu } from '@/components/ui/menu';
import { Tooltip } from '@/components/ui/tooltip';
import { copyrightLine } from './copyright';
import classes from './app-frame.module.css';

type IconComponent = ComponentType<{ size?: number | string; stroke?: number; 'aria-hidden'?: boolean }>;

/** A count beside a menu entry (e.g. unread messages); `label` is what a screen reader hears ("3 unread"). */
export type FrameBadge = { count: number; label: string };

/** An entry of a group (Coupons → Coupon List, ...). */
export type FrameNavChild = {
  label: string;
  to: string;
  /** Other path prefixes that belong to this entry (e.g. /edit-coupon under Coupon List). */
  also?: readonly string[];
};

export type FrameNavItem = {
  label: string;
  /** Where the entry leads; for a group, where its icon leads in the collapsed sidebar. */
  to: string;
  icon: IconComponent;
  also?: readonly string[];
  /** Makes the entry a group that opens below itself, and opens on its own on one of these pages. */
  children?: readonly FrameNavChild[];
  /** Shown when its count is above 0. */
  badge?: FrameBadge;
};
export type FrameLink = { label: string; description?: string; href: string; icon: IconComponent };
/** A screen of the account menu, between Profile and Logout (Settings → Developers). */
export type FrameAccountLink = { label: string; to: string; icon: IconComponent };
export type FrameUser = { name: string; email: string; imageUrl: string | null };

type AppFrameProps = {
  /** The portal title shown in the top bar (Admin Portal, Agency Portal, ...). */
  title: string;
  nav: FrameNavItem[];
  /** An external link pinned to the bottom of the sidebar. */
  helpLink?: FrameLink;
  user: FrameUser;
  /** Screens the account menu links to, after Profile. */
  accountLinks?: readonly FrameAccountLink[];
  /** Extra things for the top bar, before the account menu. */
  topBarExtra?: ReactNode;
  /** A slim notice above every screen's content (e.g. a promotion); nothing when empty. */
  banner?: ReactNode;
  onProfile: () => void;
  onLogout: () => void;
  children: ReactNode;
};

const matches = (pathname: string, entry: { to: string; also?: readonly string[] }) =>
  [entry.to, ...(entry.also ?? [])].some((path) => pathname === path || pathname.startsWith(`${path}/`));

const isActive = (pathname: string, entry: FrameNavItem) =>
  entry.children ? entry.children.some((child) => matches(pathname, child)) : matches(pathname, entry);

/** The accessible name of an entry: its label, and its badge in words when there is one. */
/** The collapsed sidebar's dot shows at most this (its icon-only entry shows no text to match). */
const BADGE_MAX = 99;

// "Messages, 3 unread": the visible label, then the count in words (WCAG 2.5.3: the name holds the
// visible text; the badge's digits are painted by CSS, see CountBadge).
const nameOf = (entry: FrameNavItem) => (entry.badge && entry.badge.count > 0 ? `${entry.label}, ${entry.badge.label}` : entry.label);

function CountBadge({ badge }: { badge: FrameBadge }) {
  return (
    // The digits are drawn from data-count by CSS, not written as text: as text they joined the
    // label in the entry's visible text ("Messages3"), which its spoken name cannot contain.
    <Badge
      size="sm"
      color="red"
      variant="filled"
      circle={badge.count < 10}
      aria-hidden
      data-testid="nav-badge"
      data-count={badge.count}
      className={classes.countBadge}
    />
  );
}

/** The signed-in frame: collapsible sidebar (260 / 100 px), top bar with the account menu, footer. */
export function AppFrame({ title, nav, helpLink, user, accountLinks = [], topBarExtra, banner, onProfile, onLogout, children }: AppFrameProps) {
  const location = useLocation();
  const [mobileOpened, { toggle: toggleMobile, close: closeMobile }] = useDisclosure(false);
  // Both read at the first draw (not in an effect afterwards), so the frame is not drawn twice.
  const [collapsed, setCollapsed] = useLocalStorage({ key: 'sidebarCollapsed', defaultValue: false, getInitialValueInEffect: false });
  // Groups the user opened or closed by hand; otherwise a group is open while one of its pages is.
  const [groupsOpened, setGroupsOpened] = useState<Record<string, boolean>>({});
  const compact = collapsed && !mobileOpened;
  // Below the `sm` breakpoint the closed sidebar is only slid out of view: inert, so Tab does not
  // wander through links nobody can see.
  const phone = useMediaQuery('(max-width: 47.99em)', undefined, { getInitialValueInEffect: false });
  const navHidden = Boolean(phone) && !mobileOpened;

  // The phone drawer closes whenever the page changes, however that happened.
  useEffect(() => closeMobile(), [location.pathname, closeMobile]);

  // Arriving on one of a group's pages opens the group again, even if it was closed by hand; a new
  // menu (say, a new unread count) does not count as arriving.
  const reopenGroupsOf = useEffectEvent((pathname: string) =>
    setGroupsOpened((current) => {
      const reopen = nav.filter((entry) => entry.children && current[entry.label] === false && isActive(pathname, entry));
      return reopen.length ? { ...current, ...Object.fromEntries(reopen.map((entry) => [entry.label, true])) } : current;
    }),
  );
  useEffect(() => reopenGroupsOf(location.pathname), [location.pathname]);

  const className = compact ? `${classes.navLink} ${classes.navLinkCompact}` : classes.navLink;

  const icon = (entry: FrameNavItem) => {
    const Icon = entry.icon;
    const glyph = <Icon size={22} stroke={1.7} aria-hidden />;
    // Collapsed, the count sits on the icon.
    return compact && entry.badge && entry.badge.count > 0 ? (
      <Indicator color="red" size={16} offset={2} label={entry.badge.count > BADGE_MAX ? `${BADGE_MAX}+` : entry.badge.count} aria-hidden>
        {glyph}
      </Indicator>
    ) : (
      glyph
    );
  };

  const leaf = (entry: FrameNavItem) => {
    const link = (
      <NavLink
        key={entry.to}
        component={Link}
        to={entry.to}
        label={compact ? undefined : entry.label}
        // With a count the name adds it in words ("Messages 3 unread", see nameOf); the badge itself
        // is hidden from assistive technology.
        aria-label={compact || (entry.badge && entry.badge.count > 0) ? nameOf(entry) : undefined}
        leftSection={icon(entry)}
        rightSection={!compact && entry.badge && entry.badge.count > 0 ? <CountBadge badge={entry.badge} /> : undefined}
        active={isActive(location.pathname, entry)}
        aria-current={isActive(location.pathname, entry) ? 'page' : undefined}
        variant="light"
        className={className}
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

  const group = (entry: FrameNavItem, items: readonly FrameNavChild[]) => {
    const active = isActive(location.pathname, entry);
    if (compact) {
      // No room for the entries below: they open in a menu beside the icon.
      return (
        <Menu
          key={entry.to}
          position="right-start"
          withArrow
          shadow="md"
          withinPortal
          target={
            <NavLink component="button" aria-label={entry.label} leftSection={icon(entry)} active={active} variant="light" className={className} py={10} />
          }
        >
          {(M) => (
            <M.Dropdown>
              <M.Label>{entry.label}</M.Label>
              {items.map((child) => (
                <M.Item
                  key={child.to}
                  component={Link}
                  to={child.to}
                  aria-current={matches(location.pathname, child) ? 'page' : undefined}
                  fw={matches(location.pathname, child) ? 700 : undefined}
                >
                  {child.label}
                </M.Item>
              ))}
            </M.Dropdown>
          )}
        </Menu>
      );
    }
    const opened = groupsOpened[entry.label] ?? active;
    return (
      <NavLink
        key={entry.to}
        component="button"
        label={entry.label}
        leftSection={icon(entry)}
        active={active && !opened}
        opened={opened}
        onChange={(next) => setGroupsOpened((current) => ({ ...current, [entry.label]: next }))}
        aria-expanded={opened}
        variant="light"
        className={className}
        childrenOffset={34}
        py={10}
      >
        {items.map((child) => (
          <NavLink
            key={child.to}
            component={Link}
            to={child.to}
            label={child.label}
            active={matches(location.pathname, child)}
            aria-current={matches(location.pathname, child) ? 'page' : undefined}
            variant="light"
            className={classes.navLink}
            onClick={closeMobile}
            py={8}
            mt={2}
          />
        ))}
      </NavLink>
    );
  };

  const item = (entry: FrameNavItem) => (entry.children?.length ? group(entry, entry.children) : leaf(entry));

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
            <Burger opened={mobileOpened} onClick={toggleMobile} hiddenFrom="sm" size="sm" aria-label={mobileOpened ? 'Close navigation' : 'Open navigation'} />
            <ActionIcon
              visibleFrom="sm"
              variant="subtle"
              color="gray"
              size="lg"
              onClick={() => setCollapsed((c) => !c)}
              aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            >
              {collapsed ? <IconLayoutSidebarLeftExpand size={22} stroke={1.6} /> : <IconLayoutSidebarLeftCollapse size={22} stroke={1.6} />}
            </ActionIcon>
            {/* Two short lines on a phone rather than "Agency Po…" */}
            <Text fw={700} fz={{ base: 'md', xs: 'lg' }} lh={1.2} lineClamp={2}>
              {title}
            </Text>
          </Group>
          <Group gap="md" wrap="nowrap">
            {topBarExtra}
            {/* Fixed: focusing the dropdown as it opens must not scroll the page. Above everything
                else that floats (toasts included). The button is named by what it shows (WCAG 2.5.3:
                the visible name and email are part of its name), after what it is; the initials in
                the avatar are decoration. */}
            <Menu
              position="bottom-end"
              width={200}
              shadow="md"
              withinPortal
              floatingStrategy="fixed"
              zIndex={getDefaultZIndex('max')}
              target={
                <UnstyledButton className={classes.userButton}>
                  <VisuallyHidden>{'Account menu '}</VisuallyHidden>
                  <Group gap="xs" wrap="nowrap">
                    <Avatar src={user.imageUrl} name={user.name} color="blue.9" variant="filled" radius="xl" size={36} alt="" aria-hidden />
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
              }
            >
              {(M) => (
                <M.Dropdown>
                  <M.Item leftSection={<IconUser size={16} aria-hidden />} onClick={onProfile}>
                    Profile
                  </M.Item>
                  {accountLinks.map((link) => (
                    <M.Item key={link.to} component={Link} to={link.to} leftSection={<link.icon size={16} aria-hidden />}>
                      {link.label}
                    </M.Item>
                  ))}
                  <M.Item leftSection={<IconLogout size={16} aria-hidden />} color="red" onClick={onLogout}>
                    Logout
                  </M.Item>
                </M.Dropdown>
              )}
            </Menu>
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="md" aria-label="Main navigation" inert={navHidden}>
        <AppShell.Section mb="lg" mt={4}>
          <Group justify={compact ? 'center' : 'space-between'} wrap="nowrap">
            <Link to="/dashboard" aria-label="Copydesk home" style={{ textDecoration: 'none' }}>
              <Brand compact={compact} />
            </Link>
            <Burger opened hiddenFrom="sm" size="sm" onClick={closeMobile} aria-label="Close navigation" />
          </Group>
        </AppShell.Section>
        <AppShell.Section grow className={classes.navScroll}>
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
              // Collapsed there is no text to name it by; open, its label and description name it (an
              // aria-label beside visible text fails WCAG 2.5.3, label in name).
              aria-label={compact ? (helpLink.description ? `${helpLink.label} ${helpLink.description}` : helpLink.label) : undefined}
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
          {copyrightLine()}
        </Text>
      </AppShell.Main>
    </AppShell>
  );
}
