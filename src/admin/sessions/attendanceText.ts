import type { AttendanceItem } from '../../../server/src/contract';
import { formatRomeDateTime } from '../common/dateTime';

export interface AttendanceTexts {
  userMissing: string;
  emailMissing: string;
  timeMissing: string;
}

/** One attendance as the participants list shows it, with a fallback text for each missing value. */
export function attendanceRow(attendance: AttendanceItem, texts: AttendanceTexts) {
  return {
    name: attendance.name?.trim() || texts.userMissing,
    email: attendance.email?.trim() || texts.emailMissing,
    joined: formatRomeDateTime(attendance.joined_at) || texts.timeMissing,
    left: formatRomeDateTime(attendance.left_at) || texts.timeMissing,
  };
}

export const ATTENDANCES_FILE = 'attendances_logs.xlsx';
