import { EnvironmentOutlined, WarningOutlined } from '@ant-design/icons';
import type { GeoPrecision, UgaResult } from '@crm/shared';
import { App, Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '@/lib/errors';
import { useUgaLookupMutation } from '@/modules/geo/api';

export type OfficeAddress = {
  address?: string | null;
  postal_code?: string | null;
  city?: string | null;
};

export type ExtractUgaButtonProps = {
  /** Read when clicked: the address as it stands in the form or on the office. */
  getAddress: () => OfficeAddress;
  /**
   * Fills (form) or saves (office detail) uga, uga_name, latitude and longitude; shows UgaPrecisionNotice
   * beside them when the result's precision is the commune's.
   */
  onExtracted: (result: UgaResult) => Promise<unknown>;
  disabled?: boolean;
};

const blank = (text: string | null | undefined) => (text ?? '').trim() === '';

/**
 * Spec 000 §2 and §5: finds the UGA zone of the address; address, city and postal code must be filled
 * first, otherwise a warning says so.
 */
export function ExtractUgaButton({ getAddress, onExtracted, disabled = false }: ExtractUgaButtonProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const lookup = useUgaLookupMutation();

  const handleClick = async () => {
    const { address, postal_code, city } = getAddress();
    if (blank(address) || blank(postal_code) || blank(city)) {
      void message.warning(t('offices.uga.missingAddress'));
      return;
    }
    let result: UgaResult;
    try {
      result = await lookup.mutateAsync({
        address: (address ?? '').trim(),
        postal_code: (postal_code ?? '').trim(),
        city: (city ?? '').trim(),
      });
    } catch (error) {
      void message.error(t('offices.uga.failed', { message: serverMessage(error) }));
      return;
    }
    try {
      await onExtracted(result);
    } catch (error) {
      void message.error(t('offices.messages.updateFailed', { message: serverMessage(error) }));
      return;
    }
    if (result.precision === 'commune') {
      void message.warning(t('offices.uga.extractedCommuneOnly', { code: result.code, name: result.name }));
      return;
    }
    void message.success(t('offices.uga.extracted', { code: result.code, name: result.name }));
  };

  return (
    <Button
      icon={<EnvironmentOutlined />}
      loading={lookup.isPending}
      disabled={disabled}
      onClick={() => void handleClick()}
      data-testid="extract-uga-button"
    >
      {t('offices.uga.extract')}
    </Button>
  );
}

/**
 * Beside the UGA fields an extraction filled: says when they come from the postal code's commune alone (the
 * address API was unreachable, docs/decisions/0017); nothing for an extraction that found the address.
 */
export function UgaPrecisionNotice({ precision }: { precision: GeoPrecision | null }) {
  const { t } = useTranslation();
  if (precision !== 'commune') return null;
  return (
    <Typography.Text type="warning" data-testid="uga-commune-only">
      <WarningOutlined /> {t('offices.uga.communeOnly')}
    </Typography.Text>
  );
}
