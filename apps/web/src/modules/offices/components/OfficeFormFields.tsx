import { OfficeInput, type OfficeInputForm, type UgaResult } from '@crm/shared';
import { Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { requiredRule, schemaRule } from '@/lib/form-rules';
import { ExtractUgaButton, type OfficeAddress } from '@/modules/offices/components/ExtractUgaButton';

/** The new office's fields, named as POST /api/offices takes them. */
export const OFFICE_FIELD_NAMES = Object.keys(OfficeInput.shape) as Array<keyof typeof OfficeInput.shape>;

/**
 * The fields of a new office inside an antd Form (the creation page, the doctor's add-office dialog), with
 * the spec's rules (000 §5): name, address, postal code, city and uga required, French phone, valid
 * e-mail; and the UGA extraction that fills uga, uga_name, latitude and longitude.
 */
export function OfficeFormFields() {
  const { t } = useTranslation();
  const form = Form.useFormInstance<OfficeInputForm>();
  const { shape } = OfficeInput;

  const handleExtracted = async (result: UgaResult) => {
    form.setFieldsValue({
      uga: result.code,
      uga_name: result.name,
      latitude: result.latitude,
      longitude: result.longitude,
    });
    // Clears a 'This field is required' shown before the extraction.
    await form.validateFields(['uga']);
  };

  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="name"
            label={t('offices.fields.name')}
            rules={[requiredRule(), schemaRule(shape.name)]}
            validateFirst
          >
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="sector" label={t('offices.fields.sector')} rules={[schemaRule(shape.sector)]}>
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item
            name="address"
            label={t('offices.fields.address')}
            rules={[requiredRule(), schemaRule(shape.address)]}
            validateFirst
          >
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="postal_code"
            label={t('offices.fields.postal_code')}
            rules={[requiredRule(), schemaRule(shape.postal_code)]}
            validateFirst
          >
            <Input inputMode="numeric" autoComplete="off" maxLength={5} />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item
            name="city"
            label={t('offices.fields.city')}
            rules={[requiredRule(), schemaRule(shape.city)]}
            validateFirst
          >
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="uga"
            label={t('offices.fields.uga')}
            rules={[requiredRule(), schemaRule(shape.uga)]}
            validateFirst
          >
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={10}>
          <Form.Item name="uga_name" label={t('offices.fields.uga_name')} rules={[schemaRule(shape.uga_name)]}>
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item label={<span aria-hidden="true">&nbsp;</span>} colon={false}>
            <ExtractUgaButton
              getAddress={() => form.getFieldsValue(['address', 'postal_code', 'city']) as OfficeAddress}
              onExtracted={handleExtracted}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="phone" label={t('offices.fields.phone')} rules={[schemaRule(shape.phone)]}>
            <Input type="tel" inputMode="tel" autoComplete="off" placeholder="01 23 45 67 89" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="email" label={t('offices.fields.email')} rules={[schemaRule(shape.email)]}>
            <Input type="email" inputMode="email" autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
      {/* Filled by the UGA extraction. */}
      <Form.Item name="latitude" hidden>
        <Input />
      </Form.Item>
      <Form.Item name="longitude" hidden>
        <Input />
      </Form.Item>
    </>
  );
}
