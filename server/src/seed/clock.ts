import { TZDate } from '@date-fns/tz';

/** The incubator's time zone: demo sessions start at round local hours. */
const ZONE = 'Europe/Rome';

/** Builds the demo timeline around one instant, so every run has past and upcoming sessions. */
export class SeedClock {
  readonly now: Date;
  private readonly today: { year: number; month: number; day: number };

  constructor(now: Date) {
    this.now = now;
    const local = new TZDate(now.getTime(), ZONE);
    this.today = { year: local.getFullYear(), month: local.getMonth(), day: local.getDate() };
  }

  /** ISO UTC instant of `HH:MM` local time, `dayOffset` days from today. */
  at(dayOffset: number, time: string): string {
    const [hours, minutes] = time.split(':').map(Number);
    const { year, month, day } = this.today;
    const local = new TZDate(year, month, day + dayOffset, hours, minutes, 0, ZONE);
    return new Date(local.getTime()).toISOString();
  }

  /** ISO UTC instant `minutes` after (or before, when negative) an ISO instant. */
  static shift(iso: string, minutes: number): string {
    return new Date(Date.parse(iso) + minutes * 60_000).toISOString();
  }

  /** ISO UTC instant `days` (fractional allowed) before now. */
  daysAgo(days: number): string {
    return new Date(this.now.getTime() - days * 86_400_000).toISOString();
  }
}
