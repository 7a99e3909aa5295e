import os from 'node:os';

/** RFC 1918's private IPv4 ranges: 10/8, 172.16/12, 192.168/16. */
function isPrivateIPv4(address: string): boolean {
  const [a, b] = address.split('.').map(Number) as [number, number];
  return a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
}

/** IPv6 unique local addresses (fc00::/7), the private range a home router may hand out. */
function isUniqueLocalIPv6(address: string): boolean {
  return /^f[cd][0-9a-f]{2}:/i.test(address);
}

/**
 * The one address of this computer on a private network (a home's Wi-Fi), for a phone on the same network to reach:
 * a private IPv4 address (RFC 1918) first, else an IPv6 unique local one; never a public address, a loopback one, or
 * a link-local one (169.254/16, fe80::/10: a phone's browser cannot be given the interface such an address needs).
 * Undefined when there is none: then no phone can reach this computer, and the window says so.
 */
export function privateNetworkAddress(interfaces: NodeJS.Dict<os.NetworkInterfaceInfo[]> = os.networkInterfaces()): string | undefined {
  const addresses = Object.values(interfaces)
    .flatMap((list) => list ?? [])
    .filter((info) => !info.internal);
  return (
    addresses.find((info) => info.family === 'IPv4' && isPrivateIPv4(info.address))?.address ??
    addresses.find((info) => info.family === 'IPv6' && isUniqueLocalIPv6(info.address))?.address
  );
}

/** How an address is written in a URL (an IPv6 one in brackets). */
export function urlHost(address: string, port: number): string {
  return `${address.includes(':') ? `[${address}]` : address}:${port}`;
}
