import { ShopOutlined } from '@ant-design/icons';
import { type GeoPrecision, OfficeInput, type Office, type OfficeUpdate, type UgaResult } from '@crm/shared';
import { Card, Descriptions, Typography, type DescriptionsProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanWrite } from '@/app/permissions';
import { useUpdateOfficeMutation } from '@/modules/offices/api';
import { ExtractUgaButton, UgaPrecisionNotice } from '@/modules/offices/components/ExtractUgaButton';
import { InlineEditField, type FieldSchema } from '@/ui/InlineEditField';

export type OfficeInfoCardProps = { office: Office };

type TextField = 'name' | 'sector' | 'address' | 'postal_code' | 'city' | 'uga' | 'uga_name' | 'phone' | 'email';

/** Fields the spec requires (000 §5). */
const REQUIRED: ReadonlySet<TextField> = new Set(['name', 'address', 'postal_code', 'city', 'uga']);

/** Spec 000 §2: the office's inline-editable fields and the UGA extraction. */
export function OfficeInfoCard({ office }: OfficeInfoCardProps) {
  const { t } = useTranslation();
  const canWrite = useCanWrite();
  const updateOffice = useUpdateOfficeMutation(office.id);
  const { shape } = OfficeInput;

  const schemaOf = (name: TextField): FieldSchema<string | null> => shape[name];
  const save = (patch: OfficeUpdate) => updateOffice.mutateAsync(patch);

  const [ugaPrecision, setUgaPrecision] = useState<GeoPrecision | null>(null);
  const handleExtracted = async (result: UgaResult) => {
    await save({ uga: result.code, uga_name: result.name, latitude: result.latitude, longitude: result.longitude });
    setUgaPrecision(result.precision);
  };

  const field = (name: TextField, inputMode: 'text' | 'email' | 'tel' | 'numeric' = 'text') => ({
    key: name,
    label: t(`offices.fields.${name}`),
    children: (
      <InlineEditField
        name={name}
        label={t(`offices.fields.${name}`)}
        value={office[name]}
        canEdit={canWrite}
        schema={schemaOf(name)}
        isRequired={REQUIRED.has(name)}
        inputMode={inputMode}
        onSave={(value) => save({ [name]: value })}
        failureMessage={(message) => t('offices.messages.updateFailed', { message })}
      />
    ),
  });

  const coordinates =
    office.latitude === null || office.longitude === null ? (
      <Typography.Text type="secondary">—</Typography.Text>
    ) : (
      <span>
        <span className="tabular" data-testid="office-coordinates">
          {office.latitude.toFixed(5)}, {office.longitude.toFixed(5)}
        </span>{' '}
        <UgaPrecisionNotice precision={ugaPrecision} />
      </span>
    );

  const items: DescriptionsProps['items'] = [
    field('name'),
    field('sector'),
    { ...field('address'), span: 'filled' },
    field('postal_code', 'numeric'),
    field('city'),
    field('uga'),
    field('uga_name'),
    field('phone', 'tel'),
    field('email', 'email'),
    { key: 'coordinates', label: t('offices.fields.coordinates'), children: coordinates },
  ];

  return (
    <Card
      className="page-card"
      title={
        <span className="card-title-with-icon">
          <ShopOutlined />
          {t('offices.detail.infoCard')}
        </span>
      }
      extra={
        canWrite ? (
          <ExtractUgaButton
            getAddress={() => ({ address: office.address, postal_code: office.postal_code, city: office.city })}
            onExtracted={handleExtracted}
          />
        ) : undefined
      }
    >
      <Descriptions
        column={{ xs: 1, sm: 1, md: 2 }}
        layout="vertical"
        size="small"
        colon={false}
        items={items}
        className="field-grid"
      />
    </Card>
  );
}
