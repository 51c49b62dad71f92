import type { Channel } from '@crm/shared';
import { Form } from 'antd';
import type { ReactNode } from 'react';
import type { ActivityFormValues } from '@/modules/activities/utils/activity-form-values';

export type FormChannelProps = {
  /** The channels the form offers. */
  channels: readonly Channel[];
  /** The part of the form a channel shapes: time-off hides the acknowledgement, a budget channel adds the budget. */
  children: (channel: Channel | null) => ReactNode;
};

/**
 * Renders its part of the form for the channel the form holds, in the render that follows the channel's change.
 * Form.useWatch reports a change one macro task later (@rc-component/form batches its watchers), so fields shown
 * from it lagged the values: a save in between checked the new channel but set its messages on fields not
 * mounted yet, and antd keeps no message for those (the budget's and the acknowledgement's were lost). A
 * Form.Item with shouldUpdate re-renders from the store as it changes, before any other event.
 */
export function FormChannel({ channels, children }: FormChannelProps) {
  return (
    <Form.Item<ActivityFormValues>
      noStyle
      shouldUpdate={(previous, current) => previous.channelId !== current.channelId}
    >
      {(form) => {
        const channelId = form.getFieldValue('channelId') as ActivityFormValues['channelId'];
        return children(channels.find((known) => known.id === channelId) ?? null);
      }}
    </Form.Item>
  );
}
