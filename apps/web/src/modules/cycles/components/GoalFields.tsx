import { PlanGoalInput, type CycleChannel } from '@crm/shared';
import { Col, Form, InputNumber, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { channelLabel } from '@/lib/channel-label';
import { schemaRule } from '@/lib/form-rules';
import { translateKey } from '@/lib/i18n';

export type GoalFieldsProps = {
  channels: readonly CycleChannel[];
  /** The channels whose goal may not be emptied (the target has one: the API sets goals, it removes targets). */
  requiredChannels?: ReadonlySet<string>;
  /** A fault of the goals as a whole (none given). */
  error?: string | null;
  disabled?: boolean;
};

const goalRule = schemaRule(PlanGoalInput.shape.goal);
const capRule = schemaRule(PlanGoalInput.shape.cap);

/**
 * A goal and an optional cap for each channel the cycle counts, under `goals` (the form's list, in the
 * cycle's channel order): a channel left empty gets no goal.
 */
export function GoalFields({ channels, requiredChannels, error, disabled }: GoalFieldsProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="goal-fields" data-testid="goal-fields">
      <legend>{t('plans.goalEdit.goals')}</legend>
      {/* The inputs are named by their channel (aria-label): the head row is for the eyes. */}
      <Row gutter={12} className="goal-fields-head" aria-hidden="true">
        <Col span={10}>{t('plans.goalEdit.channel')}</Col>
        <Col span={7}>{t('plans.goalEdit.goal')}</Col>
        <Col span={7}>{t('plans.goalEdit.cap')}</Col>
      </Row>
      {channels.map((channel, index) => {
        const name = channelLabel(channel.name);
        return (
          <Row gutter={12} key={channel.channelId} align="top" data-testid={`goal-row-${channel.channelId}`}>
            <Col span={10} className="goal-fields-channel two-lines">
              <span className="list-strong">{name}</span>
              <span className="list-muted">{t('plans.goalEdit.weight', { weight: channel.weight })}</span>
            </Col>
            <Col span={7}>
              <Form.Item
                name={['goals', index, 'goal']}
                rules={[
                  {
                    required: requiredChannels?.has(channel.channelId) === true,
                    message: translateKey('validation.required'),
                  },
                  goalRule,
                ]}
              >
                <InputNumber<number>
                  precision={0}
                  disabled={disabled}
                  aria-label={t('plans.goalEdit.goalOf', { channel: name })}
                  className="full-width"
                />
              </Form.Item>
            </Col>
            <Col span={7}>
              <Form.Item
                name={['goals', index, 'cap']}
                dependencies={[['goals', index, 'goal']]}
                rules={[
                  capRule,
                  ({ getFieldValue }) => ({
                    // The schema's own rule of a goal and its cap, on the two fields as they stand.
                    validator: (_rule, cap: number | null | undefined) => {
                      const goal = getFieldValue(['goals', index, 'goal']) as number | null | undefined;
                      if (cap === null || cap === undefined || goal === null || goal === undefined) {
                        return Promise.resolve();
                      }
                      const parsed = PlanGoalInput.safeParse({ channelId: channel.channelId, goal, cap });
                      const fault = parsed.error?.issues.find((issue) => issue.path[0] === 'cap');
                      return fault === undefined
                        ? Promise.resolve()
                        : Promise.reject(new Error(translateKey(fault.message)));
                    },
                  }),
                ]}
              >
                <InputNumber<number>
                  precision={0}
                  disabled={disabled}
                  placeholder={t('plans.goalEdit.noCap')}
                  aria-label={t('plans.goalEdit.capOf', { channel: name })}
                  className="full-width"
                />
              </Form.Item>
            </Col>
          </Row>
        );
      })}
      {error && (
        <div className="ant-form-item-explain-error" role="alert" data-testid="goal-fields-error">
          {error}
        </div>
      )}
    </fieldset>
  );
}
