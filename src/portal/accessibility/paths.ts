/** The accessibility pages' paths: the sign-in card, the portal's footer and the statement link them. */
export const STATEMENT_PATH = '/accessibilita';
export const REPORT_PATH = '/segnala-accessibilita';
