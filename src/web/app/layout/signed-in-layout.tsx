import { leaveFlash } from '../../lib/flash';
import { AppShell, Burger, Group, NavLink, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconCalendarMonth, IconChartBar, IconLayoutDashboard, IconLibraryPhoto, IconLogout, IconMessageCircle, IconSettings } from '@tabler/icons-react';
import { Suspense } from 'react';
import { NavLink as RouterNavLink, Outlet, useNavigate } from 'react-router';
import { FullScreenLoading } from '../../components/full-screen-loading';
import { Logo } from '../../components/logo';
import { useMe } from '../../lib/queries/me';
import { useSignOut } from '../../features/auth/api/session';
import { useSyncTimeZone } from '../../features/workspace/api/time-zone';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { paths } from '../../lib/paths';
import { useIdle } from '../../lib/when-idle';
import classes from './signed-in-layout.module.css';

const LINKS = [
  { label: 'Dashboard', to: paths.dashboard, icon: IconLayoutDashboard },
  { label: 'Workspace', to: paths.workspace, icon: IconCalendarMonth },
  { label: 'Media library', to: paths.library, icon: IconLibraryPhoto },
  { label: 'Analytics', to: paths.analytics, icon: IconChartBar },
  { label: 'Settings', to: paths.settings, icon: IconSettings },
  { label: 'Feedback', to: paths.feedback, icon: IconMessageCircle },
];

export function SignedInLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const navigate = useNavigate();
  const signOut = useSignOut();
  const me = useMe();
  useSyncTimeZone(me.data?.profile.timeZone);
  // Each width draws only its own parts: the phone's header bar, or the side bar's logo and bell (the
  // other's are hidden by CSS). On a phone the side bar's links wait until it is opened or the page is
  // first idle: off screen, they would only hold up the first paint. Read at once, not in an effect.
  const wide = useMediaQuery('(min-width: 48em)', undefined, { getInitialValueInEffect: false });
  const idle = useIdle();
  const navDrawn = wide || opened || idle;

  const logout = async () => {
    try {
      await signOut.mutateAsync();
    } catch {
      leaveFlash({ tone: 'warning', title: 'Signed out on this device', message: 'The server could not be told; your session ends when it expires.' });
    }
    await navigate(paths.login, { replace: true });
  };

  return (
    <AppShell
      className={classes.shell}
      header={{ height: { base: 56, sm: 0 } }}
      navbar={{ width: 272, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={0}
    >
      <AppShell.Header hiddenFrom="sm" px="md">
        {!wide && (
          <Group h="100%" justify="space-between">
            <Logo size={28} />
            <Group gap="xs">
              <NotificationBell />
              <Burger opened={opened} onClick={toggle} size="sm" aria-label={opened ? 'Close navigation' : 'Open navigation'} />
            </Group>
          </Group>
        )}
      </AppShell.Header>
      <AppShell.Navbar p="md" className={classes.navbar} aria-label="Main navigation">
        {wide && (
          <AppShell.Section visibleFrom="sm" mb="lg" px={6} pt={4}>
            <Group justify="space-between" wrap="nowrap">
              <Logo size={30} />
              <NotificationBell />
            </Group>
          </AppShell.Section>
        )}
        {/* Scrolls by CSS: Mantine's ScrollArea measures itself after each render (a forced layout of the page). */}
        <AppShell.Section grow className={classes.links}>
          <Stack gap={4}>
            {navDrawn &&
              LINKS.map((link) => (
                <NavLink
                  key={link.to}
                  component={RouterNavLink}
                  to={link.to}
                  label={link.label}
                  leftSection={<link.icon size={20} stroke={1.7} aria-hidden="true" />}
                  className={classes.link}
                  onClick={close}
                />
              ))}
          </Stack>
        </AppShell.Section>
        <AppShell.Section className={classes.footer}>
          {navDrawn && (
            <>
              {me.data && (
                <Text size="xs" c="dimmed" px={12} mb={6} truncate="end" title={me.data.user.email}>
                  {me.data.user.email}
                </Text>
              )}
              <UnstyledButton className={classes.logout} onClick={() => void logout()} disabled={signOut.isPending}>
                <IconLogout size={20} stroke={1.7} aria-hidden="true" />
                <span>Logout</span>
              </UnstyledButton>
            </>
          )}
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main className={classes.main}>
        <div className={classes.content}>
          <Suspense fallback={<FullScreenLoading />}>
            <Outlet />
          </Suspense>
        </div>
      </AppShell.Main>
    </AppShell>
  );
}
