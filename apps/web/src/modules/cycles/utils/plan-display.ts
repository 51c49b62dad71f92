import type { ChannelCounts, CycleChannel, CyclePace } from '@crm/shared';
import { ERROR_COLOR, SUCCESS_COLOR, WARNING_COLOR } from '@/app/theme';
import { channelLabel } from '@/lib/channel-label';

/** Issue 33: on track in green, ahead in orange, behind in red; the theme's shades that reach AA as text. */
export const PACE_COLORS: Record<CyclePace, string> = {
  on_track: SUCCESS_COLOR,
  ahead: WARNING_COLOR,
  behind: ERROR_COLOR,
};

/** The tag colours of the same paces (antd's status presets). */
export const PACE_TAGS: Record<CyclePace, 'success' | 'warning' | 'error'> = {
  on_track: 'success',
  ahead: 'warning',
  behind: 'error',
};

/** A channel's counts with its name in the user's language, in the cycle's channel order. */
export type NamedCounts<Counts extends { channelId: string }> = Counts & { name: string };

/** The counts of each channel the cycle counts, named; a channel without a goal on this target is left out. */
export function namedChannels<Counts extends Pick<ChannelCounts, 'channelId' | 'goal'>>(
  channels: readonly CycleChannel[],
  counts: readonly Counts[],
): NamedCounts<Counts>[] {
  return channels.flatMap((channel) => {
    const found = counts.find((count) => count.channelId === channel.channelId);
    return found === undefined ? [] : [{ ...found, name: channelLabel(channel.name) }];
  });
}
