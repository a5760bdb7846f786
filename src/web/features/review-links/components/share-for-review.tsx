import { Button } from '@mantine/core';
import { IconUserShare } from '@tabler/icons-react';
import { lazy, useState } from 'react';
import type { MonthDetail } from '@shared/schemas/month';
import { LoadOnUse } from '../../../components/load-on-use';

// The modal (and the date picker it holds) is a chunk of its own, fetched when first opened.
const ShareReviewModal = lazy(() => import('./share-review-modal').then((module) => ({ default: module.ShareReviewModal })));

/** 'Share for review' in the month's header: opens the month's review links and its approval rule. */
export function ShareForReview({ month }: { month: MonthDetail }) {
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <Button variant="default" leftSection={<IconUserShare size={16} aria-hidden="true" />} onClick={() => setWanted(true)} aria-haspopup="dialog">
        Share for review
      </Button>
      <LoadOnUse wanted={wanted}>{(open) => <ShareReviewModal month={month} opened={open} onClose={() => setWanted(false)} />}</LoadOnUse>
    </>
  );
}
