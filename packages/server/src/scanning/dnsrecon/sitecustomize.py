# Loaded by Python at start-up (PYTHONPATH points here) when Sentinel runs dnsrecon with a name
# server of its own (SENTINEL_DNS_SERVER): every resolver dnsrecon makes asks that server.
# dnsrecon 1.1.3 asks the system resolver for some records (the DNSSEC check of `std`) even when
# it is given a name server; without this those lookups leave the configured server, and fail for
# a zone only that server knows.
import os

_server = os.environ.get("SENTINEL_DNS_SERVER")
if _server:
    try:
        import dns.resolver

        def _read_resolv_conf(self, f):
            self.nameservers = [_server]
            self.search = []
            self.domain = dns.name.root

        dns.resolver.Resolver.read_resolv_conf = _read_resolv_conf
    except ImportError:
        pass
