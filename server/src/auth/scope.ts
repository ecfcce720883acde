/** The scopes Percorso asks for at sign-in: who you are, your e-mail and your profile. */
export const SIGN_IN_SCOPE = 'openid email profile';
