import {
  type CampaignInput,
  CampaignList,
  CampaignSendResult,
  CampaignTemplate,
  type CampaignTemplateInput,
  CampaignTemplateList,
  DoctorsWithConsentList,
  PAST_CAMPAIGNS_PAGE_SIZE,
} from '@crm/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { dashboardKeys } from '@/modules/dashboard/query-keys';
import { campaignKeys, type EligibleDoctorsParams } from '@/modules/campaigns/query-keys';

/** While a campaign is sending, the table follows its progress. */
const SENDING_REFRESH_MS = 3_000;

export const campaignQueries = {
  list: (page: number) =>
    queryOptions({
      queryKey: campaignKeys.list(page),
      queryFn: ({ signal }) =>
        apiClient.get(`/campaigns?page=${page}&limit=${PAST_CAMPAIGNS_PAGE_SIZE}`, CampaignList, { signal }),
      placeholderData: keepPreviousData,
      refetchInterval: (query) =>
        query.state.data?.campaigns.some((campaign) => campaign.status === 'sending') === true
          ? SENDING_REFRESH_MS
          : false,
    }),
  /** The built-in templates come in the language of the request: the key holds it. */
  templates: (language: string) =>
    queryOptions({
      queryKey: campaignKeys.templates(language),
      queryFn: ({ signal }) => apiClient.get('/campaigns/templates', CampaignTemplateList, { signal }),
    }),
  eligible: (params: EligibleDoctorsParams) =>
    queryOptions({
      queryKey: campaignKeys.eligible(params),
      queryFn: ({ signal }) => {
        const query = new URLSearchParams({
          type: params.type,
          page: String(params.page),
          limit: String(params.limit),
        });
        if (params.search !== '') query.set('search', params.search);
        return apiClient.get(`/campaigns/doctors-with-consent?${query.toString()}`, DoctorsWithConsentList, { signal });
      },
      placeholderData: keepPreviousData,
    }),
};

export function useCreateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CampaignTemplateInput) => apiClient.post('/campaigns/templates', input, CampaignTemplate),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.all }),
  });
}

export function useSendCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: CampaignInput; idempotencyKey: string }) =>
      apiClient.post('/campaigns', input, CampaignSendResult, { headers: { 'Idempotency-Key': idempotencyKey } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: campaignKeys.all }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
      ]),
  });
}
