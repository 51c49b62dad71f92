import { screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { vi } from 'vitest';
import { type FetchHandler, stubFetch } from '@/test/fetch';
import { renderRoutes } from '@/test/render';

/** A dialog as its page opens it, at `path`, with the API stubbed; its onClose is the mock returned. */
export function renderOpenDialog(
  Dialog: ComponentType<{ open: boolean; onClose: () => void }>,
  path: string,
  handlers: Record<string, FetchHandler> = {},
) {
  const fetchMock = stubFetch(handlers);
  const onClose = vi.fn();
  const rendered = renderRoutes([{ path, element: <Dialog open onClose={onClose} /> }], path);
  return { ...rendered, fetchMock, onClose, dialog: screen.getByRole('dialog') };
}
