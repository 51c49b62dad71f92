import type { Migration } from 'kysely';
import * as m202611220000 from './202611220000_create_users_sessions_and_audit_logs.ts';
import * as m202611220100 from './202611220100_create_directory.ts';
import * as m202611230000 from './202611230000_rebuild_doctor_search_tables.ts';
import * as m202611240000 from './202611240000_create_activities.ts';
import * as m202611240100 from './202611240100_index_open_activities.ts';
import * as m202611250000 from './202611250000_add_search_word_overlaps.ts';
import * as m202611250100 from './202611250100_add_prefix_word_starts.ts';
import * as m202611260000 from './202611260000_add_doctor_primary_office.ts';
import * as m202611260100 from './202611260100_create_doctor_prefix_counts.ts';
import * as m202611260200 from './202611260200_order_recent_doctors_by_view.ts';
import * as m202611260300 from './202611260300_index_office_search.ts';
import * as m202611260400 from './202611260400_create_cache_generations.ts';
import * as m202611260500 from './202611260500_store_only_rejection_notes.ts';
import * as m202611260600 from './202611260600_offline_sync.ts';
import * as m202611260700 from './202611260700_consents.ts';
import * as m202611261000 from './202611261000_create_mail_outbox.ts';
import * as m202611261010 from './202611261010_add_user_deletion.ts';
import * as m202611261020 from './202611261020_add_user_search_text.ts';
import * as m202611261030 from './202611261030_create_password_tokens.ts';
import * as m202611261100 from './202611261100_index_and_count_audit_logs.ts';
import * as m202611261200 from './202611261200_create_mailbox.ts';
import * as m202611261210 from './202611261210_create_campaigns.ts';
import * as m202611261300 from './202611261300_single_sign_on_and_sessions.ts';
import * as m202611270900 from './202611270900_index_mailbox_search.ts';
import * as m202611270910 from './202611270910_count_every_office_word_start.ts';
import * as m202611271000 from './202611271000_add_outbox_once_key.ts';
import * as m202611280000 from './202611280000_create_transparency_ledger.ts';
import * as m202611281000 from './202611281000_import_the_national_directory.ts';
import * as m202611281020 from './202611281020_create_cycle_plans.ts';

/** Every migration, by name; names sort in the order they run. Never edit one that has landed. */
export const migrations: Record<string, Migration> = {
  '202611220000_create_users_sessions_and_audit_logs': m202611220000,
  '202611220100_create_directory': m202611220100,
  '202611230000_rebuild_doctor_search_tables': m202611230000,
  '202611240000_create_activities': m202611240000,
  '202611240100_index_open_activities': m202611240100,
  '202611250000_add_search_word_overlaps': m202611250000,
  '202611250100_add_prefix_word_starts': m202611250100,
  '202611260000_add_doctor_primary_office': m202611260000,
  '202611260100_create_doctor_prefix_counts': m202611260100,
  '202611260200_order_recent_doctors_by_view': m202611260200,
  '202611260300_index_office_search': m202611260300,
  '202611260400_create_cache_generations': m202611260400,
  '202611260500_store_only_rejection_notes': m202611260500,
  '202611260600_offline_sync': m202611260600,
  '202611260700_consents': m202611260700,
  '202611261000_create_mail_outbox': m202611261000,
  '202611261010_add_user_deletion': m202611261010,
  '202611261020_add_user_search_text': m202611261020,
  '202611261030_create_password_tokens': m202611261030,
  '202611261100_index_and_count_audit_logs': m202611261100,
  '202611261200_create_mailbox': m202611261200,
  '202611261210_create_campaigns': m202611261210,
  '202611261300_single_sign_on_and_sessions': m202611261300,
  '202611270900_index_mailbox_search': m202611270900,
  '202611270910_count_every_office_word_start': m202611270910,
  '202611271000_add_outbox_once_key': m202611271000,
  '202611280000_create_transparency_ledger': m202611280000,
  '202611281000_import_the_national_directory': m202611281000,
  '202611281020_create_cycle_plans': m202611281020,
};
