import { ExclamationCircleOutlined } from '@ant-design/icons';
import type { Channel } from '@crm/shared';
import { useTranslation } from 'react-i18next';
import { INCOMPLETE_COLOR } from '@/modules/calendar/utils/calendar-events';
import { ColorSwatch } from '@/ui/ColorSwatch';
import { channelLabel } from '@/lib/channel-label';

export type ChannelLegendProps = { channels: readonly Channel[] };

/** What the colours mean: one per active channel, and red for incomplete activities (spec 001 §2). */
export function ChannelLegend({ channels }: ChannelLegendProps) {
  const { t } = useTranslation();
  return (
    <ul className="calendar-legend" aria-label={t('calendar.legend')} data-testid="calendar-legend">
      {channels.map((channel) => (
        <li key={channel.id}>
          <ColorSwatch color={channel.color} label={channelLabel(channel.name)} />
        </li>
      ))}
      <li className="calendar-legend-incomplete">
        <ExclamationCircleOutlined style={{ color: INCOMPLETE_COLOR }} aria-hidden="true" />
        <span>{t('calendar.incomplete')}</span>
      </li>
    </ul>
  );
}
