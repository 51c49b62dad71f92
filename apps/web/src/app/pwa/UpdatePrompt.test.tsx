import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UpdatePrompt } from '@/app/pwa/UpdatePrompt';
import { holdUpdate } from '@/app/pwa/update-hold';
import { offerUpdate } from '@/app/pwa/update-offer';
import { i18n } from '@/lib/i18n';

afterEach(async () => {
  await i18n.changeLanguage('fr');
});

describe('update prompt', () => {
  it('shows nothing until a new version waits, then offers to reload, which applies it', async () => {
    const { rerender } = render(<UpdatePrompt />);
    expect(screen.queryByTestId('update-prompt')).not.toBeInTheDocument();

    const applyUpdate = vi.fn();
    act(() => offerUpdate(applyUpdate));
    rerender(<UpdatePrompt />);

    const prompt = screen.getByTestId('update-prompt');
    expect(prompt).toHaveTextContent('Nouvelle version disponible');
    await userEvent.click(screen.getByRole('button', { name: 'Recharger' }));
    expect(applyUpdate).toHaveBeenCalledTimes(1);
  });

  it('is held back while the queue sends or a form holds unsaved input, and shows once nothing holds it', () => {
    act(() => offerUpdate(vi.fn()));
    const releases: (() => void)[] = [];
    act(() => {
      releases.push(holdUpdate('sending the queue'), holdUpdate('activity form'));
    });
    render(<UpdatePrompt />);
    expect(screen.queryByTestId('update-prompt')).not.toBeInTheDocument();
    // What the browser suite waits on before it says that no prompt shows.
    expect(document.documentElement).toHaveAttribute('data-update', 'held');

    act(() => releases[0]?.());
    expect(screen.queryByTestId('update-prompt')).not.toBeInTheDocument();
    act(() => releases[1]?.());
    expect(screen.getByTestId('update-prompt')).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('data-update', 'offered');
  });

  it('speaks English', async () => {
    act(() => offerUpdate(vi.fn()));
    await act(() => i18n.changeLanguage('en'));
    render(<UpdatePrompt />);
    expect(screen.getByTestId('update-prompt')).toHaveTextContent('A new version is available');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});
