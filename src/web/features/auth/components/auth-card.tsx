import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Logo } from '../../../components/logo';

/** The login document's card: the logo, a title, one line saying what this view does, and the view. */
export function AuthCard({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="sm" p={36} w="100%" maw={420}>
        <Stack gap="lg">
          <Logo />
          <div>
            <Title order={1} fz={26}>
              {title}
            </Title>
            <Text c="dimmed" size="sm" mt={4}>
              {intro}
            </Text>
          </div>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
