import { Card, Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';

/** The form's notes section: description, objectives before and after the call, the call's notes. */
export function ActivityNotesCard() {
  const { t } = useTranslation();
  return (
    <Card className="page-card" title={t('activities.form.sections.notes')}>
      <Row gutter={16}>
        <Col span={24}>
          <Form.Item name="description" label={t('activities.fields.description')}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} maxLength={5000} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="precallObjectives" label={t('activities.fields.precallObjectives')}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} maxLength={5000} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="nextCallObjectives" label={t('activities.fields.nextCallObjectives')}>
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} maxLength={5000} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="callNotes" label={t('activities.fields.callNotes')}>
            <Input.TextArea autoSize={{ minRows: 3, maxRows: 12 }} maxLength={5000} />
          </Form.Item>
        </Col>
      </Row>
    </Card>
  );
}
