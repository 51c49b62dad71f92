import { afterAll, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { approvalNotesText } from '@/modules/activities/components/ActivityTags';

describe("a budget decision's text", () => {
  afterAll(() => i18n.changeLanguage('en'));

  it("shows a rejection's reason in the reader's language, followed by the manager's notes when there are some", async () => {
    await i18n.changeLanguage('fr');
    expect(approvalNotesText(i18n.t, 'rejected', null)).toBe('Budget refusé par le manager');
    expect(approvalNotesText(i18n.t, 'rejected', 'Trop cher')).toBe('Budget refusé par le manager : Trop cher');
    await i18n.changeLanguage('en');
    expect(approvalNotesText(i18n.t, 'rejected', '')).toBe('Budget approval rejected by manager');
    expect(approvalNotesText(i18n.t, 'rejected', 'Too expensive')).toBe(
      'Budget approval rejected by manager: Too expensive',
    );
  });

  it('shows nothing but the notes for the other statuses', () => {
    expect(approvalNotesText(i18n.t, 'approved', null)).toBeNull();
    expect(approvalNotesText(i18n.t, 'waiting_approval', undefined)).toBeNull();
    expect(approvalNotesText(i18n.t, 'approved', 'OK pour ce salon')).toBe('OK pour ce salon');
  });
});
