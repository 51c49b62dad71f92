/** A provider as people know it: its host ('login.microsoftonline.com'), else the issuer as it is. */
export function providerName(issuer: string): string {
  try {
    return new URL(issuer).host;
  } catch {
    return issuer;
  }
}
