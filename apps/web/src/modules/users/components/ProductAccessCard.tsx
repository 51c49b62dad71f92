import type { UserDetail } from '@crm/shared';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessageOr } from '@/lib/errors';
import { useProductsMutation, userQueries } from '@/modules/users/api';

/**
 * Spec 001 §2 and §6: the products the user may put on activities. Inactive products are not offered, but one
 * already assigned stays shown (marked) until removed.
 */
export function ProductAccessCard({ user }: { user: UserDetail }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const products = useQuery(userQueries.products());
  const save = useProductsMutation(user.id);
  const assigned = user.products.map((product) => product.id);
  const [chosen, setChosen] = useState<string[]>(assigned);
  const [seen, setSeen] = useState(assigned.join());
  if (assigned.join() !== seen) {
    setSeen(assigned.join());
    setChosen(assigned);
  }
  const options = (products.data ?? [])
    .filter((product) => product.active || assigned.includes(product.id))
    .map((product) => ({
      value: product.id,
      label: product.active ? product.name : `${product.name} (${t('users.inactive')})`,
    }));
  const isChanged = chosen.slice().sort().join() !== assigned.slice().sort().join();

  const handleSave = async () => {
    try {
      await save.mutateAsync(chosen);
      void message.success(t('users.productsSaved'));
    } catch (error) {
      void message.error(serverMessageOr(error, t('users.productsFailed')));
    }
  };

  return (
    <Card title={t('users.productAccess')} className="page-card" data-testid="user-products-card">
      <Typography.Paragraph type="secondary">{t('users.productAccessHelp')}</Typography.Paragraph>
      <Space.Compact block className="products-select">
        <Select<string[]>
          mode="multiple"
          allowClear
          className="full-width"
          placeholder={t('users.noProducts')}
          aria-label={t('users.productAccess')}
          loading={products.isPending}
          value={chosen}
          options={options}
          showSearch={{ optionFilterProp: 'label' }}
          onChange={setChosen}
        />
      </Space.Compact>
      <Button
        type="primary"
        className="card-save"
        disabled={!isChanged}
        loading={save.isPending}
        onClick={() => void handleSave()}
      >
        {t('users.save')}
      </Button>
    </Card>
  );
}
