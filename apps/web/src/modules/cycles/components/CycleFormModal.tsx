import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { CycleChannelInput, CycleInput, cycleSpanError, type Cycle } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Col, DatePicker, Form, Input, InputNumber, Modal, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Dayjs } from '@/lib/dayjs';
import { channelLabel } from '@/lib/channel-label';
import { requiredRule, schemaRule } from '@/lib/form-rules';
import { translateKey } from '@/lib/i18n';
import { configurationQueries } from '@/modules/configuration/api';
import { useCycleSubmit } from '@/modules/cycles/hooks/useCycleSubmit';
import { cycleFormValues, NEW_CYCLE_VALUES, type CycleFormValues } from '@/modules/cycles/utils/cycle-form';

export type CycleFormModalProps = {
  /** The cycle edited; a new one otherwise. */
  cycle: Cycle | null;
  onClose: () => void;
};

const fields = CycleInput.shape;
const required = () => ({ required: true, message: translateKey('validation.required') });
const day = (value: Dayjs | null | undefined) => (value ? value.format('YYYY-MM-DD') : undefined);

/**
 * A cycle's settings (issue 33): its name and Paris days, the grace period during which late reports still
 * count, the thresholds of "on track", the channels it counts with their weights, and whether reps may adjust
 * their own goals. A started cycle keeps its first day; a completed one is not edited (the list offers no edit).
 */
export function CycleFormModal({ cycle, onClose }: CycleFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CycleFormValues>();
  const { submit, refusal, isSaving } = useCycleSubmit({ form, cycle, onSaved: onClose });
  const channels = useQuery(configurationQueries.entries('channels'));
  const hasStarted = cycle !== null && cycle.status !== 'planned';
  const chosen = new Set((Form.useWatch('channels', form) ?? []).map((channel) => channel.channelId));
  const counted = new Set(cycle?.channels.map((channel) => channel.channelId));
  // Active channels that are not time off, and those the cycle already counts (even if deactivated since).
  const options = (channels.data ?? [])
    .filter((channel) => (channel.active && !channel.isTimeOff) || counted.has(channel.id))
    .map((channel) => ({ value: channel.id, label: channelLabel(channel.name) }));

  return (
    <Modal
      open
      width={640}
      title={cycle === null ? t('plans.admin.form.newTitle') : t('plans.admin.form.editTitle', { name: cycle.name })}
      okText={t('plans.admin.form.save')}
      okButtonProps={{ loading: isSaving, 'data-testid': 'cycle-save' }}
      cancelText={t('common.cancel')}
      onOk={() => {
        form.submit();
      }}
      onCancel={onClose}
    >
      {refusal !== null && (
        <Alert type="error" showIcon className="cycle-form-alert" title={refusal} data-testid="cycle-refusal" />
      )}
      <Form<CycleFormValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={cycle === null ? NEW_CYCLE_VALUES : cycleFormValues(cycle)}
        onFinish={(values) => void submit(values)}
        className="cycle-form"
        data-testid="cycle-form"
      >
        <Form.Item name="name" label={t('plans.admin.fields.name')} rules={[requiredRule(), schemaRule(fields.name)]}>
          <Input maxLength={120} autoComplete="off" />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="startDate"
              label={t('plans.admin.fields.startDate')}
              rules={[required()]}
              extra={hasStarted ? t('plans.admin.form.startKept') : undefined}
            >
              <DatePicker format="L" allowClear={false} disabled={hasStarted} className="full-width" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="endDate"
              label={t('plans.admin.fields.endDate')}
              dependencies={['startDate']}
              rules={[
                required(),
                ({ getFieldValue }) => ({
                  validator: (_rule, value: Dayjs | null | undefined) => {
                    const fault = cycleSpanError({
                      startDate: day(getFieldValue('startDate') as Dayjs | null),
                      endDate: day(value),
                    });
                    return fault === null ? Promise.resolve() : Promise.reject(new Error(translateKey(fault)));
                  },
                }),
              ]}
            >
              <DatePicker format="L" allowClear={false} className="full-width" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item
              name="gracePeriodDays"
              label={t('plans.admin.fields.gracePeriodDays')}
              rules={[required(), schemaRule(fields.gracePeriodDays)]}
              tooltip={t('plans.admin.form.graceHelp')}
            >
              <InputNumber<number> min={0} precision={0} className="full-width" />
            </Form.Item>
          </Col>
          <Col xs={12} sm={8}>
            <Form.Item
              name="underThresholdPercent"
              label={t('plans.admin.fields.underThresholdPercent')}
              rules={[required(), schemaRule(fields.underThresholdPercent)]}
            >
              <InputNumber<number> min={0} precision={0} suffix="%" className="full-width" />
            </Form.Item>
          </Col>
          <Col xs={12} sm={8}>
            <Form.Item
              name="overThresholdPercent"
              label={t('plans.admin.fields.overThresholdPercent')}
              rules={[required(), schemaRule(fields.overThresholdPercent)]}
            >
              <InputNumber<number> min={0} precision={0} suffix="%" className="full-width" />
            </Form.Item>
          </Col>
        </Row>
        <Form.List name="channels">
          {(items, { add, remove }, { errors }) => (
            <fieldset className="cycle-channels" data-testid="cycle-channels">
              <legend>{t('plans.admin.fields.channels')}</legend>
              {items.map((item, index) => (
                <Row gutter={8} key={item.key} align="top" wrap={false}>
                  <Col flex="auto">
                    <Form.Item
                      name={[item.name, 'channelId']}
                      label={t('plans.admin.fields.channel', { index: index + 1 })}
                      rules={[required()]}
                    >
                      <Select
                        options={options.map((option) => ({
                          ...option,
                          disabled: chosen.has(option.value),
                        }))}
                        loading={channels.isPending}
                        data-testid={`cycle-channel-${index}`}
                      />
                    </Form.Item>
                  </Col>
                  <Col flex="96px">
                    <Form.Item
                      name={[item.name, 'weight']}
                      label={t('plans.admin.fields.weight')}
                      rules={[required(), schemaRule(CycleChannelInput.shape.weight)]}
                    >
                      <InputNumber<number> min={1} precision={0} className="full-width" />
                    </Form.Item>
                  </Col>
                  <Col flex="40px" className="cycle-channel-remove">
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('plans.admin.form.removeChannel', { index: index + 1 })}
                      title={t('plans.admin.form.removeChannel', { index: index + 1 })}
                      disabled={items.length === 1}
                      onClick={() => {
                        remove(item.name);
                      }}
                    />
                  </Col>
                </Row>
              ))}
              <Form.ErrorList errors={errors} />
              <Button
                icon={<PlusOutlined />}
                onClick={() => {
                  add({ weight: 1 });
                }}
              >
                {t('plans.admin.form.addChannel')}
              </Button>
            </fieldset>
          )}
        </Form.List>
        <Form.Item name="repsMayEditGoals" valuePropName="checked" extra={t('plans.admin.form.repsMayEditGoalsHelp')}>
          <Checkbox>{t('plans.admin.fields.repsMayEditGoals')}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
