import { i18n } from '@/lib/i18n';

/** The channels every installation starts with, by their stored (English) names, normalised. */
const KNOWN_CHANNELS: Record<string, string> = {
  facetoface: 'faceToFace',
  email: 'email',
  call: 'call',
  video: 'video',
  event: 'event',
  timeoff: 'timeOff',
};

/**
 * A channel's name in the user's language. Channels are data (the configuration screens rename and add
 * them), so only the six known names are translated; any other name is shown as typed.
 */
export function channelLabel(name: string): string {
  const known = KNOWN_CHANNELS[name.toLowerCase().replace(/[^a-z]/g, '')];
  return known === undefined ? name : i18n.t(`channels.${known}`, { defaultValue: name });
}
