import { afterAll, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { channelLabel } from './channel-label';

describe('channelLabel', () => {
  afterAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('translates the six known channels and leaves other names as typed', async () => {
    await i18n.changeLanguage('fr');
    expect(['Face to face', 'Email', 'Call', 'Video', 'Event', 'Time-off'].map(channelLabel)).toEqual([
      'Face-à-face',
      'E-mail',
      'Appel',
      'Visio',
      'Événement',
      'Absence',
    ]);
    expect(channelLabel('Webinaire régional')).toBe('Webinaire régional');
    await i18n.changeLanguage('en');
    expect(channelLabel('Face to face')).toBe('Face to face');
    expect(channelLabel('time off')).toBe('Time-off');
  });
});
