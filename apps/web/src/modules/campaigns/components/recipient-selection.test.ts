import { CampaignInput } from '@crm/shared';
import { describe, expect, it } from 'vitest';
import {
  NO_RECIPIENTS,
  recipientsPayload,
  selectedCount,
  type RecipientSelection,
} from '@/modules/campaigns/components/recipient-selection';
import { campaignId } from '@/test/campaigns';

const picked: RecipientSelection = {
  mode: 'some',
  doctors: new Map([
    [campaignId(101), 'Dr Prénom1 Nom1'],
    [campaignId(102), 'Dr Prénom2 Nom2'],
  ]),
};
const allMatching: RecipientSelection = { mode: 'all', search: 'mar', total: 45, names: ['Dr Jean Martin'] };

describe('recipient selection', () => {
  it('counts no one at first, each doctor picked by hand, and every match of "select all"', () => {
    expect(selectedCount(NO_RECIPIENTS)).toBe(0);
    expect(selectedCount(picked)).toBe(2);
    // The server's total, not the names of the page shown.
    expect(selectedCount(allMatching)).toBe(45);
  });

  it('sends the ids picked by hand, or the search of "select all" for the server to expand', () => {
    expect(recipientsPayload(picked)).toEqual({ doctorIds: [campaignId(101), campaignId(102)], allMatching: null });
    expect(recipientsPayload(allMatching)).toEqual({ doctorIds: [], allMatching: { search: 'mar' } });
  });

  it('gives payloads the contract accepts, and none without a recipient', () => {
    const base = { name: 'Rentrée', templateId: 'general-update' };
    expect(CampaignInput.safeParse({ ...base, ...recipientsPayload(picked) }).success).toBe(true);
    expect(CampaignInput.safeParse({ ...base, ...recipientsPayload(allMatching) }).success).toBe(true);
    const empty = CampaignInput.safeParse({ ...base, ...recipientsPayload(NO_RECIPIENTS) });
    expect(empty.error?.issues.map((issue) => issue.message)).toEqual(['campaigns.incomplete']);
  });
});
