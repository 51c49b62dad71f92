import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderRoutes } from '@/test/render';
import { RouteError } from '@/ui/RouteError';

function BrokenPage(): never {
  throw new Error('Failed to fetch dynamically imported module');
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

describe('RouteError', () => {
  it('replaces a page that fails with an explanation and a reload button', async () => {
    // React reports the caught error on the console; expected here.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRoutes([{ path: '/', element: <BrokenPage />, errorElement: <RouteError /> }], '/');
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    consoleError.mockRestore();
  });
});
