/**
 * Test-only configuration for outbound fetches to a stand-in server on loopback: the allow-list
 * names 127.0.0.1 and the test-only switch lets that one private address (over http) through.
 * Production never sets OUTBOUND_TEST_PRIVATE_ADDRESSES (config refuses it there).
 */
export const LOOPBACK_RECORDINGS_ENV = {
  RECORDING_HOSTS: '127.0.0.1',
  OUTBOUND_TEST_PRIVATE_ADDRESSES: '127.0.0.1',
} as const;
