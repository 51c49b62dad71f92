import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  CONVENTION_ITEM_KINDS,
  CONVENTION_OBJECTS,
  CONVENTION_STATUSES,
  conventionStatusAllowed,
  type Convention,
} from '@crm/shared';
import { Alert, Button, Col, DatePicker, Form, Input, InputNumber, Modal, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { dayjs } from '@/lib/dayjs';
import { formatDate } from '@/lib/format';
import { translateKey } from '@/lib/i18n';
import {
  conventionPreview,
  conventionValues,
  useConventionSubmit,
  type ConventionFormValues,
} from '@/modules/transparency/hooks/useConventionSubmit';
import { eurosToCents } from '@/modules/transparency/utils/amounts';

export type ConventionFormModalProps = {
  doctorId: string;
  /** The convention edited; a new one otherwise. */
  convention: Convention | null;
  onClose: () => void;
};

const required = () => ({ required: true, message: translateKey('validation.required') });

/**
 * A convention with the doctor (L1453-4 and following): its object, dates, event and planned amounts; as they are
 * typed, the regime (declaration or authorisation) and the date to file it by, from the shared rules. An edit
 * moves its status too, along the moves the rules allow.
 */
export function ConventionFormModal({ doctorId, convention, onClose }: ConventionFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ConventionFormValues>();
  const { submit, isSaving } = useConventionSubmit({ form, doctorId, convention, onSaved: onClose });
  const values = Form.useWatch([], form) as ConventionFormValues | undefined;
  const preview = conventionPreview(values ?? {});
  const hasEvent = values?.hasEvent === true;
  const isOther = values?.object === 'other';

  const initialValues: ConventionFormValues =
    convention === null
      ? { startDate: dayjs().add(1, 'month'), hasEvent: false, items: [{ quantity: 1 }], status: 'draft' }
      : conventionValues(convention);
  const statuses = CONVENTION_STATUSES.filter(
    (status) => convention === null || conventionStatusAllowed(convention.regime, convention.status, status),
  );

  return (
    <Modal
      open
      width={720}
      title={
        convention === null ? t('transparency.conventionForm.newTitle') : t('transparency.conventionForm.editTitle')
      }
      okText={t('transparency.conventionForm.save')}
      okButtonProps={{ loading: isSaving, 'data-testid': 'convention-save' }}
      cancelText={t('common.cancel')}
      onOk={() => {
        form.submit();
      }}
      onCancel={onClose}
    >
      <Form<ConventionFormValues>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={(submitted) => void submit(submitted)}
        data-testid="convention-form"
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="object" label={t('transparency.fields.object')} rules={[required()]}>
              <Select
                options={CONVENTION_OBJECTS.map((object) => ({
                  value: object,
                  label: t(`transparency.objects.${object}`),
                }))}
                data-testid="convention-object"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            {isOther && (
              <Form.Item name="otherObject" label={t('transparency.fields.otherObject')} rules={[required()]}>
                <Input maxLength={255} />
              </Form.Item>
            )}
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="startDate" label={t('transparency.fields.startDate')} rules={[required()]}>
              <DatePicker format="L" allowClear={false} className="full-width" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="endDate" label={t('transparency.fields.endDate')}>
              <DatePicker format="L" className="full-width" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="signatureDate" label={t('transparency.fields.signatureDate')}>
              <DatePicker format="L" className="full-width" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="hasEvent" label={t('transparency.fields.hasEvent')} valuePropName="checked">
          <Switch />
        </Form.Item>
        {hasEvent && (
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="eventName" label={t('transparency.fields.eventName')} rules={[required()]}>
                <Input maxLength={255} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="eventDate" label={t('transparency.fields.eventDate')} rules={[required()]}>
                <DatePicker format="L" className="full-width" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="eventPlace" label={t('transparency.fields.eventPlace')} rules={[required()]}>
                <Input maxLength={255} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="eventOrganiser" label={t('transparency.fields.eventOrganiser')} rules={[required()]}>
                <Input maxLength={255} />
              </Form.Item>
            </Col>
          </Row>
        )}
        <Form.List name="items">
          {(items, { add, remove }) => (
            <fieldset className="convention-items">
              <legend>{t('transparency.fields.items')}</legend>
              {items.map((item, index) => (
                <Row gutter={8} key={item.key} align="top" data-testid={`convention-item-${index}`}>
                  <Col xs={24} md={10}>
                    <Form.Item
                      name={[item.name, 'kind']}
                      label={t('transparency.fields.itemKind')}
                      rules={[required()]}
                    >
                      <Select
                        options={CONVENTION_ITEM_KINDS.map((kind) => ({
                          value: kind,
                          label: t(`transparency.itemKinds.${kind}`),
                        }))}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={6}>
                    <Form.Item
                      name={[item.name, 'unitAmount']}
                      label={t('transparency.fields.unitAmount')}
                      rules={[
                        required(),
                        {
                          validator: (_rule, value: string | undefined) =>
                            !value?.trim() || eurosToCents(value) !== null
                              ? Promise.resolve()
                              : Promise.reject(new Error(translateKey('transparency.amountInvalid'))),
                        },
                      ]}
                    >
                      <Input inputMode="decimal" suffix="€" autoComplete="off" />
                    </Form.Item>
                  </Col>
                  <Col xs={8} md={5}>
                    <Form.Item
                      name={[item.name, 'quantity']}
                      label={t('transparency.fields.quantity')}
                      rules={[required()]}
                    >
                      <InputNumber<number> min={1} max={1000} precision={0} className="full-width" />
                    </Form.Item>
                  </Col>
                  <Col xs={4} md={3} className="convention-item-remove">
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('transparency.conventionForm.removeItem')}
                      title={t('transparency.conventionForm.removeItem')}
                      disabled={items.length === 1}
                      onClick={() => {
                        remove(item.name);
                      }}
                    />
                  </Col>
                </Row>
              ))}
              <Button
                icon={<PlusOutlined />}
                onClick={() => {
                  add({ quantity: 1 });
                }}
              >
                {t('transparency.conventionForm.addItem')}
              </Button>
            </fieldset>
          )}
        </Form.List>
        {preview !== null && (
          <Alert
            className="transparency-alert"
            showIcon
            type={preview.regime === 'authorisation' ? 'warning' : 'info'}
            title={t(`transparency.regimes.${preview.regime}`)}
            description={
              <>
                {preview.deadline !== null && (
                  <div>{t('transparency.conventionForm.fileBy', { date: formatDate(preview.deadline) })}</div>
                )}
                {preview.exceeded.length > 0 && (
                  <div>
                    {t('transparency.conventionForm.exceeded', {
                      thresholds: preview.exceeded.map((name) => t(`transparency.thresholds.${name}`)).join(', '),
                    })}
                  </div>
                )}
              </>
            }
            data-testid="convention-preview"
          />
        )}
        {convention !== null && (
          <Form.Item name="status" label={t('transparency.fields.status')}>
            <Select
              options={statuses.map((status) => ({ value: status, label: t(`transparency.statuses.${status}`) }))}
              data-testid="convention-status"
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
