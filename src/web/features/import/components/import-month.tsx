import { Button } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { lazy, useState } from 'react';
import type { MonthDetail } from '@shared/schemas/month';
import { LoadOnUse } from '../../../components/load-on-use';

// The modal is a chunk of its own, fetched when first opened.
const ImportModal = lazy(() => import('./import-modal').then((module) => ({ default: module.ImportModal })));

/** 'Import' in the month's header: posts from a CSV file (our export or another planner's), previewed first. */
export function ImportMonth({ month }: { month: MonthDetail }) {
  const [wanted, setWanted] = useState(false);
  if (month.archived) return null;
  return (
    <>
      <Button variant="default" leftSection={<IconFileImport size={16} aria-hidden="true" />} onClick={() => setWanted(true)} aria-haspopup="dialog">
        Import
      </Button>
      <LoadOnUse wanted={wanted}>{(open) => <ImportModal month={month} opened={open} onClose={() => setWanted(false)} />}</LoadOnUse>
    </>
  );
}
