import { useId } from 'react';
import { useTranslate } from 'ra-core';
import { Notice } from '../../components/Notice';

/** Shown beside a session the user opens as an expert rather than as a member of its team. */
export function ExpertNotice() {
  const headingId = useId();
  const translate = useTranslate();
  return (
    <Notice
      severity="info"
      component="section"
      // A labelled part of the page, read in its place rather than announced as an alert.
      role="region"
      aria-labelledby={headingId}
      title={translate('app.team.expert_notice.title')}
      titleAs="h2"
      titleId={headingId}
    >
      {translate('app.team.expert_notice.text')}
    </Notice>
  );
}
