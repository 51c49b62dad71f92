import { App, Button, Form } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '@/lib/errors';
import { applyServerFieldErrors } from '@/lib/form-rules';

/**
 * What the form needs of a shared zod schema: it turns the form's values into what the API takes. Typed
 * structurally: the web app imports no zod.
 */
export type CreateSchema<Input> = {
  safeParse: (values: unknown) => { success: true; data: Input } | { success: false };
};

/** The form's values are the schema's to check: the form only knows their names. */
type FormValues = Record<string, unknown>;

export type RecordCreateFormProps<Input, Created> = {
  /** The record's Form.Items, named as the API takes them. */
  children: ReactNode;
  schema: CreateSchema<Input>;
  /** The fields the server may name when it refuses, to show its messages next to them. */
  fieldNames: readonly string[];
  /** Rejects when the server refuses. */
  create: (input: Input) => Promise<Created>;
  onCreated: (created: Created) => void;
  /** The error message for a refused creation, given the server's message. */
  createFailedMessage: (message: string) => string;
  submitLabel: string;
  /** Disables the form and spins the submit button: the creation, and whatever the caller does next. */
  isBusy: boolean;
  /** Shows a Cancel button before the submit one. */
  onCancel?: () => void;
  className?: string;
  testIds: { form: string; submit: string };
};

/**
 * A new record's form (the creation pages, the create tab of the add-doctor and add-office dialogs): the
 * schema's rules, then the creation, with the server's refusal shown next to its fields and in a message.
 */
export function RecordCreateForm<Input, Created>({
  children,
  schema,
  fieldNames,
  create,
  onCreated,
  createFailedMessage,
  submitLabel,
  isBusy,
  onCancel,
  className,
  testIds,
}: RecordCreateFormProps<Input, Created>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();

  const handleFinish = async (values: FormValues) => {
    const input = schema.safeParse(values);
    if (!input.success) return; // The form's own rules already say what is wrong.
    let created: Created;
    try {
      created = await create(input.data);
    } catch (error) {
      applyServerFieldErrors(form, error, fieldNames);
      void message.error(createFailedMessage(serverMessage(error)));
      return;
    }
    onCreated(created);
  };

  return (
    <Form<FormValues>
      form={form}
      layout="vertical"
      className={className}
      onFinish={handleFinish}
      disabled={isBusy}
      data-testid={testIds.form}
    >
      {children}
      <div className="form-actions">
        {onCancel !== undefined && <Button onClick={onCancel}>{t('common.cancel')}</Button>}
        <Button type="primary" htmlType="submit" loading={isBusy} data-testid={testIds.submit}>
          {submitLabel}
        </Button>
      </div>
    </Form>
  );
}
