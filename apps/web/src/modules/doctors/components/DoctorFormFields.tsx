import { DoctorInput, RPPS_MAX_DIGITS } from '@crm/shared';
import { Col, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { requiredRule, schemaRule } from '@/lib/form-rules';
import { useDoctorOptions } from '@/modules/doctors/hooks/useDoctorOptions';
import { SEARCH_BY_LABEL } from '@/ui/search-by-label';

/** The new doctor's fields, named as POST /api/doctors takes them. */
export const DOCTOR_FIELD_NAMES = Object.keys(DoctorInput.shape) as Array<keyof typeof DoctorInput.shape>;

/**
 * The fields of a new doctor inside an antd Form (the creation page, the office's add-doctor dialog), with
 * the spec's rules (000 §5): rpps 1 to 12 digits, first and last name and primary specialty required, a
 * valid e-mail. The rules are the shared schema's.
 */
export function DoctorFormFields() {
  const { t } = useTranslation();
  const options = useDoctorOptions();
  const { shape } = DoctorInput;
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item
          name="rpps"
          label={t('doctors.fields.rpps')}
          rules={[requiredRule(), schemaRule(shape.rpps)]}
          validateFirst
        >
          <Input inputMode="numeric" autoComplete="off" maxLength={RPPS_MAX_DIGITS} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="prefix" label={t('doctors.fields.prefix')}>
          <Select allowClear options={options.prefixes} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name="firstName"
          label={t('doctors.fields.firstName')}
          rules={[requiredRule(), schemaRule(shape.firstName)]}
          validateFirst
        >
          <Input autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name="lastName"
          label={t('doctors.fields.lastName')}
          rules={[requiredRule(), schemaRule(shape.lastName)]}
          validateFirst
        >
          <Input autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="title" label={t('doctors.fields.title')} rules={[schemaRule(shape.title)]}>
          <Input autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="gender" label={t('doctors.fields.gender')}>
          <Select allowClear options={options.genders} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="email" label={t('doctors.fields.email')} rules={[schemaRule(shape.email)]}>
          <Input type="email" inputMode="email" autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="phone" label={t('doctors.fields.phone')} rules={[schemaRule(shape.phone)]}>
          <Input type="tel" inputMode="tel" autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="primarySpecialty" label={t('doctors.fields.primarySpecialty')} rules={[requiredRule()]}>
          <Select options={options.specialties} showSearch={SEARCH_BY_LABEL} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="secondarySpecialty" label={t('doctors.fields.secondarySpecialty')}>
          <Select allowClear options={options.specialties} showSearch={SEARCH_BY_LABEL} />
        </Form.Item>
      </Col>
    </Row>
  );
}
