import {
  CONFIGURATION_DESCRIPTION_MAX_LENGTH,
  CONFIGURATION_NAME_MAX_LENGTH,
  type ConfigurationKind,
  DEFAULT_COLOR,
  DEFAULT_TARGET_PRIORITY,
  TARGET_PRIORITY_MAX,
  TARGET_PRIORITY_MIN,
} from '@crm/shared';
import { App, ColorPicker, Form, Input, InputNumber, Modal, Switch } from 'antd';
import type { Color } from 'antd/es/color-picker';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-rules';
import { type ConfigurationEntry, type ConfigurationPayload, useSaveEntryMutation } from '@/modules/configuration/api';

/** Every field of the three kinds; each kind's form shows its own (spec 001 §7 payloads). */
type EntryFormValues = {
  name: string;
  description: string;
  color: string;
  priority: number | null;
  active: boolean;
  isTimeOff: boolean;
  needsBudgetApproval: boolean;
};

const NAME_REQUIRED = {
  products: 'configuration.productNameRequired',
  channels: 'configuration.channelNameRequired',
  targets: 'configuration.targetNameRequired',
} as const;

export type EntryFormModalProps<K extends ConfigurationKind> = {
  kind: K;
  /** The entry being edited, null for a new one; the modal is open while this is not undefined. */
  entry: ConfigurationEntry[K] | null | undefined;
  onClose: () => void;
};

function initialValues(entry: ConfigurationEntry[ConfigurationKind] | null): EntryFormValues {
  return {
    name: entry?.name ?? '',
    description: entry?.description ?? '',
    color: entry !== null && 'color' in entry ? entry.color : DEFAULT_COLOR,
    priority: entry !== null && 'priority' in entry ? entry.priority : DEFAULT_TARGET_PRIORITY,
    active: entry?.active ?? true,
    isTimeOff: entry !== null && 'isTimeOff' in entry ? entry.isTimeOff : false,
    needsBudgetApproval: entry !== null && 'needsBudgetApproval' in entry ? entry.needsBudgetApproval : false,
  };
}

function payloadOf<K extends ConfigurationKind>(kind: K, values: EntryFormValues): ConfigurationPayload[K] {
  const common = {
    name: values.name,
    description: values.description === '' ? null : values.description,
    active: values.active,
  };
  const payloads: ConfigurationPayload = {
    products: common,
    channels: {
      ...common,
      color: values.color,
      isTimeOff: values.isTimeOff,
      needsBudgetApproval: values.needsBudgetApproval,
    },
    targets: { ...common, color: values.color, priority: values.priority ?? DEFAULT_TARGET_PRIORITY },
  };
  return payloads[kind];
}

/**
 * Add and edit in one modal (spec 001 §2), with Create or Update and Cancel; the spec's messages on success
 * and failure ('Product created successfully', 'Failed to update channel: {server message}').
 */
export function EntryFormModal<K extends ConfigurationKind>({ kind, entry, onClose }: EntryFormModalProps<K>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  // The catalogue's keys are typed per kind; the generic parameter would hide which.
  const kindKey: ConfigurationKind = kind;
  const [form] = Form.useForm<EntryFormValues>();
  const save = useSaveEntryMutation(kind);
  const isOpen = entry !== undefined;
  const isNew = entry === null;

  const handleSave = async () => {
    const values = await form.validateFields().catch(() => null);
    if (values === null) return;
    try {
      await save.mutateAsync({ id: entry?.id ?? null, payload: payloadOf(kind, values) });
    } catch (error) {
      applyServerFieldErrors(form, error, ['name', 'description', 'color', 'priority']);
      const reason =
        isApiError(error) && error.message.trim() !== '' ? error.message : t('configuration.messages.error');
      void message.error(
        isNew
          ? t(`configuration.messages.createFailed.${kindKey}`, { message: reason })
          : t(`configuration.messages.updateFailed.${kindKey}`, { message: reason }),
      );
      return;
    }
    void message.success(
      isNew ? t(`configuration.messages.created.${kind}`) : t(`configuration.messages.updated.${kind}`),
    );
    onClose();
  };

  const hasColor = kind !== 'products';
  return (
    <Modal
      open={isOpen}
      title={isNew ? t(`configuration.createTitle.${kind}`) : t(`configuration.editTitle.${kind}`)}
      okText={isNew ? t('configuration.create') : t('configuration.update')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => void handleSave()}
      onCancel={onClose}
      destroyOnHidden
    >
      {isOpen && (
        <Form<EntryFormValues>
          form={form}
          layout="vertical"
          initialValues={initialValues(entry)}
          data-testid="entry-form"
          onFinish={() => void handleSave()}
        >
          <Form.Item
            name="name"
            label={t('configuration.fields.name')}
            rules={[{ required: true, whitespace: true, message: t(NAME_REQUIRED[kind]) }]}
          >
            <Input maxLength={CONFIGURATION_NAME_MAX_LENGTH} autoFocus />
          </Form.Item>
          <Form.Item name="description" label={t('configuration.fields.description')}>
            <Input.TextArea maxLength={CONFIGURATION_DESCRIPTION_MAX_LENGTH} autoSize={{ minRows: 2, maxRows: 5 }} />
          </Form.Item>
          {hasColor && (
            <Form.Item
              name="color"
              label={t('configuration.fields.color')}
              getValueFromEvent={(color: Color) => color.toHexString()}
            >
              <ColorPicker showText disabledAlpha format="hex" aria-label={t('configuration.fields.color')} />
            </Form.Item>
          )}
          {kind === 'targets' && (
            <Form.Item
              name="priority"
              label={t('configuration.fields.priority')}
              extra={t('configuration.hints.priority')}
              rules={[
                {
                  type: 'integer',
                  min: TARGET_PRIORITY_MIN,
                  max: TARGET_PRIORITY_MAX,
                  message: t('configuration.priorityRange'),
                },
              ]}
            >
              <InputNumber min={TARGET_PRIORITY_MIN} max={TARGET_PRIORITY_MAX} precision={0} className="full-width" />
            </Form.Item>
          )}
          {kind === 'channels' && (
            <>
              <Form.Item
                name="isTimeOff"
                label={t('configuration.fields.isTimeOff')}
                extra={t('configuration.hints.isTimeOff')}
                valuePropName="checked"
              >
                <Switch />
              </Form.Item>
              <Form.Item
                name="needsBudgetApproval"
                label={t('configuration.fields.needsBudgetApproval')}
                extra={t('configuration.hints.needsBudgetApproval')}
                valuePropName="checked"
              >
                <Switch />
              </Form.Item>
            </>
          )}
          <Form.Item
            name="active"
            label={t('configuration.fields.active')}
            extra={t('configuration.hints.active')}
            valuePropName="checked"
            className="last-form-item"
          >
            <Switch />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
