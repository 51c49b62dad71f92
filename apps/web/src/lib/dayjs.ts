import dayjs from 'dayjs';
import 'dayjs/locale/fr';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { currentLanguage, i18n } from '@/lib/i18n';

/**
 * dayjs with the product's locale and plugin, following the chosen language. Out of the entry: only the
 * signed-in pages format dates (app/AntdProviders.tsx imports it, with antd's pickers).
 */
dayjs.extend(localizedFormat);
const followLanguage = () => {
  dayjs.locale(currentLanguage());
};
followLanguage();
i18n.on('languageChanged', followLanguage);

export { dayjs };
export type { Dayjs } from 'dayjs';
