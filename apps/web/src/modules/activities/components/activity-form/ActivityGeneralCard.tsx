import { ACTIVITY_DURATIONS, TIME_PICKER_STEP_MINUTES, type Channel, type Product } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, DatePicker, Form, Input, Row, Select, Switch, TimePicker } from 'antd';
import { useTranslation } from 'react-i18next';
import { channelLabel } from '@/lib/channel-label';
import { activityQueries } from '@/modules/activities/api';
import { formatDuration } from '@/modules/activities/utils/activity-format';
import type { ActivityFormValues } from '@/modules/activities/utils/activity-form-values';
import { ColorSwatch } from '@/ui/ColorSwatch';

export type ActivityGeneralCardProps = {
  /** The channels offered, in their order. */
  channels: readonly Channel[];
  /** The user's assigned products. */
  products: readonly Product[];
  /** The products the activity had when opened: one unassigned since stays on it. */
  initialProductIds: readonly string[];
  /** The channel can no longer change (spec 001 §5). */
  isChannelLocked: boolean;
  isTimeOff: boolean;
  /** Someone else's activity carries their products, not the viewer's. */
  isOwner: boolean;
};

/** The form's general section: channel, title, when and how long, products. */
export function ActivityGeneralCard({
  channels,
  products,
  initialProductIds,
  isChannelLocked,
  isTimeOff,
  isOwner,
}: ActivityGeneralCardProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<ActivityFormValues>();
  const allDay = Form.useWatch('allDay', form) ?? false;
  const userHasProducts = products.length > 0;

  // A product unassigned since stays on the activities that have it; someone else's are theirs: both are
  // named from the list of every product.
  const otherProductIds = initialProductIds.filter((id) => !products.some((product) => product.id === id));
  const allProducts = useQuery({ ...activityQueries.allProducts(), enabled: otherProductIds.length > 0 });
  const otherProductLabel = (id: string) => {
    const name = allProducts.data?.find((product) => product.id === id)?.name;
    if (!isOwner) return name ?? t('activities.form.ownerProduct');
    return name === undefined
      ? t('activities.form.unassignedProduct')
      : t('activities.form.unassignedProductNamed', { name });
  };
  const productOptions = [
    ...products.map((product) => ({ value: product.id, label: product.name })),
    ...otherProductIds.map((id) => ({ value: id, label: otherProductLabel(id) })),
  ];

  return (
    <Card className="page-card" title={t('activities.form.sections.general')}>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="channelId"
            label={t('activities.fields.channelId')}
            required
            extra={isChannelLocked ? t('activities.form.channelLockedHint') : undefined}
          >
            <Select
              // undefined, not false: a done activity's whole form stays disabled.
              disabled={isChannelLocked || undefined}
              options={channels.map((option) => ({
                value: option.id,
                title: option.name,
                label: <ColorSwatch color={option.color} label={channelLabel(option.name)} />,
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="title" label={t('activities.fields.title')} required={isTimeOff}>
            <Input autoComplete="off" maxLength={255} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} md={6}>
          <Form.Item name="date" label={t('activities.fields.date')} required>
            <DatePicker format="L" allowClear={false} className="full-width" />
          </Form.Item>
        </Col>
        {allDay ? (
          <Col xs={24} sm={12} md={6}>
            <Form.Item name="endDate" label={t('activities.fields.endDate')}>
              <DatePicker
                format="L"
                allowClear={false}
                className="full-width"
                disabledDate={(day) => {
                  const start = form.getFieldValue('date') as ActivityFormValues['date'];
                  return start ? day.isBefore(start, 'day') : false;
                }}
              />
            </Form.Item>
          </Col>
        ) : (
          <>
            <Col xs={24} sm={12} md={6}>
              <Form.Item name="time" label={t('activities.fields.time')} required>
                <TimePicker
                  format="HH:mm"
                  minuteStep={TIME_PICKER_STEP_MINUTES}
                  needConfirm={false}
                  allowClear={false}
                  className="full-width"
                />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12} md={6}>
              <Form.Item name="duration" label={t('activities.fields.duration')} required>
                <Select
                  options={ACTIVITY_DURATIONS.map((minutes) => ({
                    value: minutes,
                    label: formatDuration(minutes),
                  }))}
                />
              </Form.Item>
            </Col>
          </>
        )}
        <Col xs={24} sm={12} md={6}>
          <Form.Item name="allDay" label={t('activities.fields.allDay')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item
            name="productIds"
            label={t('activities.fields.productIds')}
            required={userHasProducts && !isTimeOff}
            extra={userHasProducts ? undefined : t('activities.form.noProducts')}
          >
            <Select mode="multiple" allowClear options={productOptions} showSearch={{ optionFilterProp: 'label' }} />
          </Form.Item>
        </Col>
      </Row>
    </Card>
  );
}
