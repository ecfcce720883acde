import { useDeferredValue, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useTranslate, type Identifier } from 'ra-core';
import { Calendar } from './Calendar';
import { CoordinatorCard } from './CoordinatorCard';
import { ExpertNotice } from './ExpertNotice';
import { MembersCard } from './MembersCard';
import { PromoLinks } from './PromoLinks';
import { StartupList } from './StartupList';
import { useTeam, useTeamSessions } from './queries';
import type { Session } from './types';

export type SideContext =
  /** `openOn`: the instant whose month the calendar shows first (a session's start). */
  | { kind: 'team'; teamId: Identifier; openOn?: string }
  /** A session seen by an expert: its teams instead of one team's coordinator and members. */
  | { kind: 'expert'; session: Session };

/** The page beside its side column: promo links, calendar, coordinator and members (or the expert view). */
export function TeamSideLayout({ side, children }: { side: SideContext; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 340px' },
        alignItems: 'start',
      }}
    >
      <Box sx={{ minWidth: 0 }}>{children}</Box>
      <Stack component="aside" aria-label={translate('app.team.side')} spacing={2} sx={{ minWidth: 0 }}>
        {side.kind === 'team' ? (
          <TeamSide teamId={side.teamId} openOn={side.openOn} />
        ) : (
          <ExpertSide session={side.session} />
        )}
      </Stack>
    </Box>
  );
}

const NO_SESSIONS: ReadonlyArray<{ start_time: string }> = [];

function TeamSide({ teamId, openOn }: { teamId: Identifier; openOn?: string }) {
  const { data: team } = useTeam(teamId);
  const { data: sessions } = useTeamSessions(teamId);
  // Marking the days of hundreds of sessions is a deferred render, done in slices.
  const shownSessions = useDeferredValue(sessions);
  return (
    <>
      <PromoLinks />
      <Calendar sessions={shownSessions ?? NO_SESSIONS} openOn={openOn} />
      {team && <CoordinatorCard owner={team.owner} />}
      {team && <MembersCard members={team.members ?? []} />}
    </>
  );
}

function ExpertSide({ session }: { session: Session }) {
  return (
    <>
      <ExpertNotice />
      <PromoLinks />
      <Calendar sessions={[session]} openOn={session.start_time} />
      <StartupList teams={session.teams ?? []} />
    </>
  );
}
