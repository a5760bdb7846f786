/** bench:web's anchor: a bare Mantine page (provider, all of core's styles, a title, text and a button), built and served as the app is. */
import '@mantine/core/styles.css';
import { Button, Container, MantineProvider, Stack, Text, Title } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider>
      <Container size="xs" py="xl" component="main">
        <Stack>
          <Title order={1}>A bare Mantine page</Title>
          <Text>The same build, server and compression as the app, with nothing of the app in it.</Text>
          <Button>A button</Button>
        </Stack>
      </Container>
    </MantineProvider>
  </StrictMode>,
);
