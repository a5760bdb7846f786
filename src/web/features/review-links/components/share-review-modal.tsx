import { Alert, Divider, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import type { MonthDetail } from '@shared/schemas/month';
import type { CreatedReviewLink } from '@shared/schemas/review';
import { ApprovalRuleSwitch } from './approval-rule-switch';
import { CreateLinkForm } from './create-link-form';
import { CreatedLink } from './created-link';
import { LinkList } from './link-list';

export interface ShareReviewModalProps {
  month: MonthDetail;
  opened: boolean;
  onClose: () => void;
}

/**
 * 'Share for review': make a link for the month (or some of its days), see its address once, list and
 * withdraw the month's links, and choose whether only approved posts are published. Full screen on phones.
 */
export function ShareReviewModal({ month, opened, onClose }: ShareReviewModalProps) {
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  // The address exists only in the answer to its creation: it goes when the modal closes.
  const [created, setCreated] = useState<CreatedReviewLink | null>(null);
  const close = () => {
    setCreated(null);
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={`Share ${month.name} ${month.year} for review`}
      size="lg"
      fullScreen={phone}
      centered={!phone}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="lg">
        <Text size="sm" c="dimmed">
          Send a link to whoever approves your posts. They need no account: they see the posts as they will look, and approve each one or ask for changes.
        </Text>
        {month.archived ? (
          <Alert color="gray" variant="light" icon={<IconLock size={18} aria-hidden="true" />}>
            This month is archived, so it cannot be shared again. Its links are listed below.
          </Alert>
        ) : created ? (
          <CreatedLink created={created} onAnother={() => setCreated(null)} />
        ) : (
          <CreateLinkForm month={month} onCreated={setCreated} />
        )}
        <Divider />
        {/* A withdrawn link's address no longer opens anything: it leaves the screen with it. */}
        <LinkList monthId={month.id} onWithdrawn={(link) => setCreated((shown) => (shown?.link.id === link.id ? null : shown))} />
        <Divider />
        <ApprovalRuleSwitch month={month} />
      </Stack>
    </Modal>
  );
}
