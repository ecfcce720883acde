import type { Migration, MigrationProvider } from 'kysely';
import * as m001 from './001_initial.js';
import * as m002 from './002_search_index.js';
import * as m003 from './003_native_types.js';
import * as m004 from './004_reports.js';
import * as m005 from './005_calendar_audit.js';
import * as m006 from './006_accessibility_reports.js';
import * as m007 from './007_sign_in_requests.js';
import * as m008 from './008_progress_sessions.js';
import * as m010 from './010_rate_limits.js';
import * as m011 from './011_uploaded_images.js';
import * as m012 from './012_list_sort_indexes.js';
import * as m013 from './013_attendance_pairs_index.js';
import * as m014 from './014_membership_dates.js';
import * as m015 from './015_unique_positions.js';
import * as m016 from './016_team_member_counts.js';
import * as m017 from './017_search_update_triggers.js';
import * as m018 from './018_past_memberships.js';
import * as m019 from './019_edit_leases.js';
import * as m020 from './020_role_markers.js';
import * as m021 from './021_erasure.js';
import * as m023 from './023_sign_ins.js';
import * as m026 from './026_session_team_counts.js';
// @new-resource: migration imports (npm run new:resource adds its migration's import above this line)

/** Migrations are listed statically: no file globbing at run time. */
export const migrations: Record<string, Migration> = {
  '001_initial': m001,
  '002_search_index': m002,
  '003_native_types': m003,
  '004_reports': m004,
  '005_calendar_audit': m005,
  '006_accessibility_reports': m006,
  '007_sign_in_requests': m007,
  '008_progress_sessions': m008,
  '010_rate_limits': m010,
  '011_uploaded_images': m011,
  '012_list_sort_indexes': m012,
  '013_attendance_pairs_index': m013,
  '014_membership_dates': m014,
  '015_unique_positions': m015,
  '016_team_member_counts': m016,
  '017_search_update_triggers': m017,
  '018_past_memberships': m018,
  '019_edit_leases': m019,
  '020_role_markers': m020,
  '021_erasure': m021,
  '023_sign_ins': m023,
  '026_session_team_counts': m026,
  // @new-resource: migrations (npm run new:resource adds its migration above this line)
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
