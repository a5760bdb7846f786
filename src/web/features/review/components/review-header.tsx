import { Stack, Text, Title } from '@mantine/core';
import { IconClock, IconUser, IconWorld } from '@tabler/icons-react';
import type { ReviewPage } from '@shared/schemas/review';
import { LogoMark } from '../../../components/logo';
import { expiryDate, sharedDays } from '../format';
import classes from './review.module.css';

/** Whose posts, which days, for whom, and until when the link works. */
export function ReviewHeader({ page }: { page: ReviewPage }) {
  const company = page.companyName.trim();
  return (
    <Stack component="header" gap="sm" mb="md">
      <div className={classes.brand}>
        <LogoMark size={20} />
        <span>Shared for review</span>
      </div>
      <Stack gap={2}>
        {company && (
          <Text fw={600} c="brand.9">
            {company}
          </Text>
        )}
        <Title order={1} fz={{ base: 24, sm: 28 }} lh={1.25}>
          Posts for {sharedDays(page)}
        </Title>
      </Stack>
      <div className={classes.facts}>
        {page.reviewerName && (
          <span className={classes.fact}>
            <IconUser size={16} aria-hidden="true" />
            For {page.reviewerName}
          </span>
        )}
        <span className={classes.fact}>
          <IconClock size={16} aria-hidden="true" />
          Link works until {expiryDate(page.expiresAt)}
        </span>
        <span className={classes.fact}>
          <IconWorld size={16} aria-hidden="true" />
          Times in {page.timeZone.replaceAll('_', ' ')}
        </span>
      </div>
      <Text size="sm">
        Each post is shown as it will look on its network. Approve it, or ask for changes and say what should change: {page.companyName} sees your answers right
        away.
      </Text>
    </Stack>
  );
}
