/**
 * The default-domain test of spec section 9: the host's ending is compared with the site option
 * `default-domain`. Without that option the site counts as being on its default domain.
 */
export function isOnDefaultDomain(hostname: string, defaultDomain: string | undefined): boolean {
  const domain = defaultDomain?.trim().toLowerCase().replace(/^\.+/, '');
  if (!domain) return true;
  return hostname.toLowerCase().endsWith(domain);
}
