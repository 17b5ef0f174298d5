/** The signed-in user as the product sees it, read from a better-auth session. */
export type SessionUser = {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
};
