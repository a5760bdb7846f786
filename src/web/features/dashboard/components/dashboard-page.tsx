import { Paper } from '@mantine/core';
import { PageHeader } from '../../../components/page-header';
import { useMe } from '../../auth/api/me';
import { TonePicker } from './tone-picker';

export function DashboardPage() {
  const me = useMe();
  const company = me.data?.profile.companyName;
  return (
    <>
      <PageHeader title="Dashboard" subtitle={company ? `Your content at a glance for ${company}.` : 'Your content at a glance.'} />
      <Paper withBorder p="lg">
        <TonePicker />
      </Paper>
    </>
  );
}
