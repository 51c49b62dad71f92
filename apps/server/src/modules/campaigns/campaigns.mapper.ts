import { type Campaign, type CampaignTemplate, SKIP_REASONS, type SkipCounts } from '@crm/shared';
import type { CampaignRow, CampaignTemplateRow } from './campaigns.repository.ts';

export const noSkips = (): SkipCounts => Object.fromEntries(SKIP_REASONS.map((reason) => [reason, 0])) as SkipCounts;

export function skipCountsOf(json: string): SkipCounts {
  return { ...noSkips(), ...(JSON.parse(json) as Partial<SkipCounts>) };
}

export const skippedTotal = (skipped: SkipCounts): number =>
  SKIP_REASONS.reduce((sum, reason) => sum + skipped[reason], 0);

export function toCampaign(row: CampaignRow): Campaign {
  const skipped = skipCountsOf(row.skipped);
  return {
    id: row.id,
    name: row.name,
    templateId: row.template_id,
    templateName: row.template_name,
    templateType: row.template_type,
    status: row.status,
    recipientCount: row.recipient_count,
    sentCount: row.sent_count,
    failedCount: row.failed_count,
    skippedCount: skippedTotal(skipped),
    skipped,
    createdAt: row.created_at,
    sentAt: row.sent_at,
    senderEmail: row.owner_email,
  };
}

export function toCampaignTemplate(row: CampaignTemplateRow): CampaignTemplate {
  return {
    id: row.id,
    name: row.name,
    subject: row.subject,
    type: row.type,
    description: row.description,
    content: row.content,
    createdAt: row.created_at,
    isBuiltIn: false,
  };
}
