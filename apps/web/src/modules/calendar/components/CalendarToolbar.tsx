import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Segmented, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CALENDAR_VIEWS, type CalendarView } from '@/modules/calendar/utils/calendar-range';

export type CalendarToolbarProps = {
  /** The period shown ('novembre 2026', '23 – 29 nov. 2026'), as FullCalendar words it. */
  title: string;
  view: CalendarView;
  isFetching: boolean;
  onPrevious: () => void;
  onToday: () => void;
  onNext: () => void;
  onViewChange: (view: CalendarView) => void;
};

/** Navigation and views in antd's look, in place of FullCalendar's own toolbar. */
export function CalendarToolbar({
  title,
  view,
  isFetching,
  onPrevious,
  onToday,
  onNext,
  onViewChange,
}: CalendarToolbarProps) {
  const { t } = useTranslation();
  return (
    <div className="calendar-toolbar">
      <Space.Compact>
        <Button
          icon={<LeftOutlined />}
          aria-label={t('calendar.previous')}
          title={t('calendar.previous')}
          data-testid="calendar-previous"
          onClick={onPrevious}
        />
        <Button data-testid="calendar-today" onClick={onToday}>
          {t('calendar.today')}
        </Button>
        <Button
          icon={<RightOutlined />}
          aria-label={t('calendar.next')}
          title={t('calendar.next')}
          data-testid="calendar-next"
          onClick={onNext}
        />
      </Space.Compact>
      <Typography.Title level={2} className="calendar-title" data-testid="calendar-title">
        <span className="calendar-title-text">{title}</span>
        {isFetching && <Spin size="small" className="calendar-fetching" aria-label={t('calendar.loading')} />}
      </Typography.Title>
      <Segmented<CalendarView>
        aria-label={t('calendar.viewLabel')}
        data-testid="calendar-views"
        value={view}
        options={CALENDAR_VIEWS.map((value) => ({ value, label: t(`calendar.views.${value}`) }))}
        onChange={onViewChange}
      />
    </div>
  );
}
