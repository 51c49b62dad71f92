import { PAGE_SIZES } from '@crm/shared';
import type { TablePaginationConfig, TableProps } from 'antd';
import { useTranslation } from 'react-i18next';

/** Rows that open their record on a click, or on Enter once reached with Tab. */
export function clickableRows<Row>(open: (row: Row) => void): Pick<TableProps<Row>, 'rowClassName' | 'onRow'> {
  return {
    rowClassName: 'clickable-row',
    onRow: (row) => ({
      tabIndex: 0,
      onClick: () => {
        open(row);
      },
      onKeyDown: (event) => {
        if (event.key === 'Enter') open(row);
      },
    }),
  };
}

/**
 * The paged lists' pagination: the page sizes the API accepts, the size changer and "1–20 of 143".
 * Returns a function because the total is only known once the page has loaded, after the hooks ran.
 */
export function useListPagination(): (config: TablePaginationConfig) => TablePaginationConfig {
  const { t } = useTranslation();
  return (config) => ({
    pageSizeOptions: [...PAGE_SIZES],
    showSizeChanger: true,
    showTotal: (total, [start, end]) => t('common.rangeOfTotal', { start, end, total }),
    ...config,
  });
}
