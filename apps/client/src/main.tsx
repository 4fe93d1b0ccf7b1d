import '@mantine/core/styles.css'
import { Container, MantineProvider, Text, Title } from '@mantine/core'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'

const root = document.getElementById('root')
if (!root) throw new Error('Missing #root element')

createRoot(root).render(
  <StrictMode>
    <MantineProvider>
      <Container size="xs" py="xl">
        <Title order={1}>FiveConnect</Title>
        <Text>Capture the people you meet at events.</Text>
      </Container>
    </MantineProvider>
  </StrictMode>,
)
