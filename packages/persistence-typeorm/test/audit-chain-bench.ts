// The audit chain at scale: appends N events (1,000 per transaction) to a database, then
// walks the whole chain as `pnpm admin audit-verify` does, and prints both times.
//   tsx packages/persistence-typeorm/test/audit-chain-bench.ts [DATABASE_URL] [N]     (default: a temporary SQLite file, 100,000)
import { mkdtempSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { systemClock, VerifyAuditChainUseCase } from '@memoir/domain';
import { sha256Hex } from '@memoir/platform-node';

import { createTypeOrmPersistence } from '../src';

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'memoir-chain-bench-'));
  const url = process.argv[2] ?? `sqlite:${join(dir, 'bench.sqlite')}`;
  const count = Number(process.argv[3] ?? 100_000);
  const persistence = await createTypeOrmPersistence({ databaseUrl: url });
  try {
    const started = Date.now();
    for (let batch = 0; batch * 1000 < count; batch += 1) {
      await persistence.unitOfWork.transaction(async ({ auditEvents }) => {
        for (let i = 0; i < Math.min(1000, count - batch * 1000); i += 1) {
          await auditEvents.append({
            id: randomUUID(),
            action: 'approve',
            resourceType: 'guestbook_entry',
            resourceId: randomUUID(),
            userId: randomUUID(),
            details: { adminNotes: 'Lovely note', n: batch * 1000 + i },
            ipAddress: '203.0.113.7',
            userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36',
            createdAt: new Date(),
          });
        }
      });
    }
    const appended = Date.now();
    const verify = new VerifyAuditChainUseCase({
      auditEvents: persistence.repositories.auditEvents,
      sha256: sha256Hex,
      clock: systemClock,
    });
    const report = await verify.execute();
    const verified = Date.now();
    process.stdout.write(
      `${url.split(':')[0]}: appended ${count} events in ${appended - started} ms; ` +
        `verified ${report.verifiedEvents} (${report.intact ? 'intact' : 'broken'}) in ${verified - appended} ms\n`,
    );
  } finally {
    await persistence.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

void main();
