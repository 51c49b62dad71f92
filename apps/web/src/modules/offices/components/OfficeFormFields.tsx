import { type GeoPrecision, OfficeInput, type OfficeInputForm, type UgaResult } from '@crm/shared';
import { Col, Form, Input, Row, type InputProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requiredRule, schemaRule } from '@/lib/form-rules';
import {
  ExtractUgaButton,
  type OfficeAddress,
  UgaPrecisionNotice,
} from '@/modules/offices/components/ExtractUgaButton';

/** The new office's fields, named as POST /api/offices takes them. */
export const OFFICE_FIELD_NAMES = Object.keys(OfficeInput.shape) as Array<keyof typeof OfficeInput.shape>;

/**
 * The fields of a new office inside an antd Form (the creation page, the doctor's add-office dialog), with
 * the spec's rules (000 §5): name, address, postal code, city and uga required, French phone, valid
 * e-mail; and the UGA extraction that fills uga, uga_name, latitude and longitude.
 */
export function OfficeFormFields() {
  const form = Form.useFormInstance<OfficeInputForm>();
  const [ugaPrecision, setUgaPrecision] = useState<GeoPrecision | null>(null);

  const handleExtracted = async (result: UgaResult) => {
    setUgaPrecision(result.precision);
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
          <OfficeTextField name="name" isRequired />
        </Col>
        <Col xs={24} md={12}>
          <OfficeTextField name="sector" />
        </Col>
        <Col span={24}>
          <OfficeTextField name="address" isRequired />
        </Col>
        <Col xs={24} md={8}>
          <OfficeTextField name="postal_code" isRequired inputMode="numeric" maxLength={5} />
        </Col>
        <Col xs={24} md={16}>
          <OfficeTextField name="city" isRequired />
        </Col>
        <Col xs={24} md={8}>
          <OfficeTextField name="uga" isRequired />
        </Col>
        <Col xs={24} md={10}>
          <OfficeTextField name="uga_name" />
        </Col>
        <Col xs={24} md={6}>
          <Form.Item label={<span aria-hidden="true">&nbsp;</span>} colon={false}>
            <ExtractUgaButton
              getAddress={() => form.getFieldsValue(['address', 'postal_code', 'city']) as OfficeAddress}
              onExtracted={handleExtracted}
            />
          </Form.Item>
        </Col>
        {ugaPrecision === 'commune' && (
          <Col xs={24}>
            <Form.Item>
              <UgaPrecisionNotice precision={ugaPrecision} />
            </Form.Item>
          </Col>
        )}
        <Col xs={24} md={12}>
          <OfficeTextField name="phone" type="tel" inputMode="tel" placeholder="01 23 45 67 89" />
        </Col>
        <Col xs={24} md={12}>
          <OfficeTextField name="email" type="email" inputMode="email" />
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

/** The typed fields; latitude and longitude are hidden ones, filled by the UGA extraction. */
type OfficeTextFieldName = Exclude<keyof typeof OfficeInput.shape, 'latitude' | 'longitude'>;

type OfficeTextFieldProps = Pick<InputProps, 'type' | 'inputMode' | 'maxLength' | 'placeholder'> & {
  name: OfficeTextFieldName;
  /** Says 'This field is required' before the schema's own checks run. */
  isRequired?: boolean;
};

/** One typed field of a new office: its catalogue label, the shared schema's rule, no browser autofill. */
function OfficeTextField({ name, isRequired = false, ...inputProps }: OfficeTextFieldProps) {
  const { t } = useTranslation();
  const rule = schemaRule(OfficeInput.shape[name]);
  return (
    <Form.Item
      name={name}
      label={t(`offices.fields.${name}`)}
      rules={isRequired ? [requiredRule(), rule] : [rule]}
      validateFirst={isRequired}
    >
      <Input autoComplete="off" {...inputProps} />
    </Form.Item>
  );
}
