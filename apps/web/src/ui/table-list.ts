import { PAGE_SIZES } from '@crm/shared';
import type { TablePaginationConfig, TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIST_TABLE_SCROLL } from '@/ui/table-scroll';

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

/**
 * How a list table lays out (decision 0016): on phones one compact cell per row, without headers, and
 * never wider than the screen; on wider screens the spec's columns, scrolling sideways below 880 px.
 */
export function listTableLayout<Row>(isCompact: boolean): Pick<TableProps<Row>, 'size' | 'showHeader' | 'scroll'> {
  return isCompact ? { size: 'small', showHeader: false } : { size: 'middle', scroll: LIST_TABLE_SCROLL };
}
