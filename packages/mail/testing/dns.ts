import { once } from 'node:events';
import type { AddressInfo } from 'node:net';

import dns2 from 'dns2';

const { Packet } = dns2;

/** What the test DNS server answers for one name (lower case, no trailing dot). */
export interface TestDnsName {
  /** Each string one TXT record, split into 255-byte character-strings as DNS requires. */
  readonly txt?: readonly string[];
  readonly mx?: readonly { readonly exchange: string; readonly priority: number }[];
  readonly a?: readonly string[];
}

/** A DNS server in the test process, on 127.0.0.1, UDP and TCP on one free port. */
export interface TestDnsServer {
  /** `127.0.0.1:<port>`: give it to DNS_SERVER or `Resolver#setServers`. */
  readonly address: string;
  /** The zone, by name: change it between queries to change the answers. */
  readonly names: Map<string, TestDnsName>;
  close(): Promise<void>;
}

const chunks = (text: string): string[] => text.match(/[\s\S]{1,255}/g) ?? [''];

/** Starts a server that answers from `names`, and NXDOMAIN for any other name. */
export async function startTestDnsServer(zone: Readonly<Record<string, TestDnsName>> = {}): Promise<TestDnsServer> {
  const names = new Map(Object.entries(zone).map(([name, records]) => [name.toLowerCase(), records]));
  const handle: dns2.DnsHandler = (request, send) => {
    const response = Packet.createResponseFromRequest(request);
    // dns2's types want Resource instances; its encoder takes plain records, as its examples do.
    const answer = (record: object) => response.answers.push(record as unknown as (typeof response.answers)[number]);
    for (const question of request.questions) {
      const name = question.name.toLowerCase().replace(/\.$/, '');
      const records = names.get(name);
      if (records === undefined) {
        response.header.rcode = Packet.RCODE.NXDOMAIN;
        continue;
      }
      const base = { name: question.name, class: Packet.CLASS.IN, ttl: 60 };
      if (question.type === Packet.TYPE.TXT) {
        for (const text of records.txt ?? []) answer({ ...base, type: Packet.TYPE.TXT, data: chunks(text) });
      } else if (question.type === Packet.TYPE.MX) {
        for (const mx of records.mx ?? []) answer({ ...base, type: Packet.TYPE.MX, ...mx });
      } else if (question.type === Packet.TYPE.A) {
        for (const address of records.a ?? []) answer({ ...base, type: Packet.TYPE.A, address });
      }
    }
    void send(response);
  };
  const udp = dns2.createUDPServer(handle);
  await udp.listen(0, '127.0.0.1');
  const { port } = udp.address();
  // The same port over TCP: a long TXT record (a DKIM key) is truncated over UDP and asked again over TCP.
  const tcp = dns2.createTCPServer(handle);
  tcp.listen(port, '127.0.0.1');
  await once(tcp, 'listening');
  return {
    address: `127.0.0.1:${(tcp.address() as AddressInfo).port}`,
    names,
    close: async () => {
      udp.close();
      await new Promise<void>((resolve) => tcp.close(() => resolve()));
    },
  };
}
