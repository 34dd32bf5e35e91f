// Where the web stand-in answers; shared by the Node-side stand-in and the tests inside workerd.
export const NEWSWIRE_ORIGIN = "http://127.0.0.1:8799";
export const FIXTURES_ORIGIN = "https://fixtures.example";
/** The DNS-over-HTTPS resolver the tests configure (DNS_RESOLVER_URL), answered by the stand-in. */
export const DNS_RESOLVER = "https://dns.test/dns-query";
