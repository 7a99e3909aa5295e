import type os from 'node:os';
import { describe, expect, it } from 'vitest';
import { privateNetworkAddress, urlHost } from './address';

const info = (address: string, family: 'IPv4' | 'IPv6', internal = false) => ({ address, family, internal }) as os.NetworkInterfaceInfo;

describe('the private network address the phone is given', () => {
  it('is a private IPv4 address (RFC 1918) first, whatever the interfaces’ order', () => {
    expect(
      privateNetworkAddress({
        lo: [info('127.0.0.1', 'IPv4', true), info('::1', 'IPv6', true)],
        docker0: [info('fd00::1', 'IPv6')],
        wlan0: [info('fe80::1', 'IPv6'), info('192.168.1.23', 'IPv4')],
      }),
    ).toBe('192.168.1.23');
    for (const address of ['10.0.0.5', '172.16.0.1', '172.31.255.254', '192.168.0.2']) expect(privateNetworkAddress({ eth0: [info(address, 'IPv4')] })).toBe(address);
  });

  it('is never public, loopback or link-local; an IPv6 unique local address when there is no private IPv4 one', () => {
    for (const address of ['8.8.8.8', '172.15.0.1', '172.32.0.1', '169.254.10.1', '100.64.0.1']) {
      expect(privateNetworkAddress({ eth0: [info(address, 'IPv4')] }), address).toBeUndefined();
    }
    expect(privateNetworkAddress({ eth0: [info('2001:db8::1', 'IPv6'), info('fe80::1', 'IPv6')] })).toBeUndefined();
    expect(privateNetworkAddress({ lo: [info('127.0.0.1', 'IPv4', true)] })).toBeUndefined();
    expect(privateNetworkAddress({ eth0: [info('fd12:3456::7', 'IPv6')] })).toBe('fd12:3456::7');
  });

  it('is written in brackets in a URL when it is IPv6', () => {
    expect(urlHost('192.168.1.23', 5000)).toBe('192.168.1.23:5000');
    expect(urlHost('fd12::7', 5000)).toBe('[fd12::7]:5000');
  });
});
