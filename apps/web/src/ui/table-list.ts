import { PAGE_SIZES } from '@crm/shared';
import type { TablePaginationConfig, TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIST_TABLE_SCROLL } from '@/ui/table-scroll';

/** A pointer resting this long on a row means to open it; one only passing over asks for nothing. */
const HOVER_INTENT_MS = 100;
let hoverIntent: ReturnType<typeof setTimeout> | undefined;

/** The signs that the user is about to open a row, each of which starts loading its record. */
function intentHandlers(prefetch: () => void) {
  return {
    onPointerDown: prefetch,
    onFocus: prefetch,
    onMouseEnter: () => {
      clearTimeout(hoverIntent);
      hoverIntent = setTimeout(prefetch, HOVER_INTENT_MS);
    },
    onMouseLeave: () => {
      clearTimeout(hoverIntent);
    },
  };
}

/**
 * Rows that open their record on a click, or on Enter once reached with Tab. `prefetch` starts loading the
 * record's page as soon as the user shows the intent to open it (a finger or a button comes down, the pointer
 * rests on the row, the row gets the focus): a tap's click comes only once the finger lifts.
 */
export function clickableRows<Row>(
  open: (row: Row) => void,
  prefetch?: (row: Row) => void,
): Pick<TableProps<Row>, 'rowClassName' | 'onRow'> {
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
      ...(prefetch === undefined
        ? {}
        : intentHandlers(() => {
            prefetch(row);
          })),
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
