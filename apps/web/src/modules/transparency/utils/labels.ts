import type { Convention } from '@crm/shared';
import { formatDate } from '@/lib/format';
import { i18n } from '@/lib/i18n';

/** How a convention is named in a list of choices: its object, when it starts, where it stands. */
export function conventionLabel(convention: Pick<Convention, 'object' | 'otherObject' | 'startDate' | 'status'>) {
  return [
    conventionObjectLabel(convention),
    formatDate(convention.startDate),
    i18n.t(`transparency.statuses.${convention.status}`),
  ].join(' · ');
}

/** The official object, or the convention's own words for 'other'. */
export function conventionObjectLabel(convention: Pick<Convention, 'object' | 'otherObject'>): string {
  if (convention.object === 'other' && convention.otherObject) return convention.otherObject;
  return i18n.t(`transparency.objects.${convention.object}`);
}
