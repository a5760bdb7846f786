import { Stack } from '@mantine/core';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { IconBell, IconBuildingStore, IconLock, IconMessageCircle, IconPlugConnected, IconSparkles, IconTrash } from '@tabler/icons-react';
import { ConnectionsManager } from '../../../components/connections/connections-manager';
import { PageHeader } from '../../../components/page-header';
import { AiWriterSettings } from './ai-writer-settings';
import { DeleteAccount } from './delete-account';
import { NotificationSettings } from './notification-settings';
import { PasswordForm } from './password-form';
import { ProfileSettings } from './profile-form';
import { SectionCard } from '../../../components/section-card';
import { VoiceSettings } from './voice-settings';

/** A link to a section (/settings#connections, from the bell) lands on it: the page renders after the browser looked for the anchor. */
function useScrollToSection() {
  const { hash } = useLocation();
  useEffect(() => {
    const section = hash.length > 1 ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    section?.scrollIntoView({ block: 'start' });
  }, [hash]);
}

export function SettingsPage() {
  useScrollToSection();
  return (
    <>
      <PageHeader title="Settings" subtitle="Your company profile, password and the writer behind your posts." />
      <Stack gap="lg" maw={760}>
        <SectionCard
          divided
          title="Company profile"
          description="What the writer knows about your business. It shapes every post."
          icon={<IconBuildingStore size={22} />}
        >
          <ProfileSettings />
        </SectionCard>
        <SectionCard
          id="voice"
          divided
          title="Your voice"
          description="Posts you already published: the writer puts a few of them into every prompt as examples of how you write."
          icon={<IconMessageCircle size={22} />}
        >
          <VoiceSettings />
        </SectionCard>
        <SectionCard divided title="Password" description="Changing it signs you out on every other device." icon={<IconLock size={22} />}>
          <PasswordForm />
        </SectionCard>
        <SectionCard
          divided
          title="AI writer"
          description="Which writer creates your posts. Set by the server's administrator."
          icon={<IconSparkles size={22} />}
        >
          <AiWriterSettings />
        </SectionCard>
        <SectionCard
          id="connections"
          divided
          title="Connections"
          description="Where your scheduled posts are published, at their time. Each network goes out through one connection."
          icon={<IconPlugConnected size={22} />}
        >
          <ConnectionsManager />
        </SectionCard>
        <SectionCard
          id="notifications"
          divided
          title="Notifications"
          description="Which e-mails you get about your posts and connections."
          icon={<IconBell size={22} />}
        >
          <NotificationSettings />
        </SectionCard>
        <SectionCard divided title="Delete account" description="Remove your account and everything in it." icon={<IconTrash size={22} />} danger>
          <DeleteAccount />
        </SectionCard>
      </Stack>
    </>
  );
}
