/** The avatar letter: the email's first letter (upper case), 'U' when there is no email. */
export function avatarInitial(email: string | null | undefined): string {
  const first = email?.trim().charAt(0);
  return first ? first.toUpperCase() : 'U';
}
