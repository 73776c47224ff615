import { createHash, randomBytes } from 'node:crypto';

import { sealAuditEvent, type AuditChainHead } from '@memoir/domain';
import type { QueryRunner } from 'typeorm';

/** Rows read and sealed at a time. */
const BATCH = 1000;

interface RawAuditRow {
  id: string;
  action: string;
  resource_type: string;
  resource_id: string | null;
  user_id: string | null;
  details: string | Record<string, unknown> | null;
  ip_address: string | null;
  user_agent: string | null;
  created_at: string | Date;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * Seals the events that existed before the chain, oldest first (created_at, then id), as if
 * each had been appended in that order, and records the head. Version 1 of the canonical
 * content (packages/domain/src/audit-log/audit-chain.ts) never changes, so this stays right.
 */
export async function sealExistingAuditEvents(queryRunner: QueryRunner, kind: 'sqlite' | 'mysql'): Promise<number> {
  const q = (name: string) => (kind === 'sqlite' ? `"${name}"` : `\`${name}\``);
  const readTime = (value: string | Date) =>
    value instanceof Date ? value : new Date(`${String(value).replace(' ', 'T')}Z`);
  const columns = [
    'id',
    'action',
    'resource_type',
    'resource_id',
    'user_id',
    'details',
    'ip_address',
    'user_agent',
    'created_at',
  ];
  let head: AuditChainHead | null = null;
  let after: { createdAt: string | Date; id: string } | null = null;
  for (;;) {
    const where: string =
      after === null ? '' : `WHERE ${q('created_at')} > ? OR (${q('created_at')} = ? AND ${q('id')} > ?)`;
    const rows = (await queryRunner.query(
      `SELECT ${columns.map(q).join(', ')} FROM ${q('audit_events')} ${where} ORDER BY ${q('created_at')}, ${q('id')} LIMIT ${BATCH}`,
      after === null ? [] : [after.createdAt, after.createdAt, after.id],
    )) as RawAuditRow[];
    for (const row of rows) {
      const details =
        row.details === null ? null : typeof row.details === 'string' ? JSON.parse(row.details) : row.details;
      const sealed = sealAuditEvent(
        sha256,
        {
          id: row.id,
          action: row.action,
          resourceType: row.resource_type,
          resourceId: row.resource_id,
          userId: row.user_id,
          details: details as Record<string, unknown> | null,
          ipAddress: row.ip_address,
          userAgent: row.user_agent,
          createdAt: readTime(row.created_at),
        },
        head,
        { origin: randomBytes(16).toString('hex'), details: randomBytes(16).toString('hex') },
      );
      await queryRunner.query(
        `UPDATE ${q('audit_events')} SET ${q('seq')} = ?, ${q('prev_hash')} = ?, ${q('hash')} = ?, ${q('origin_salt')} = ?, ${q('ip_address_digest')} = ?, ${q('user_agent_digest')} = ?, ${q('details_salt')} = ?, ${q('details_digest')} = ? WHERE ${q('id')} = ?`,
        [
          sealed.seq,
          sealed.prevHash,
          sealed.hash,
          sealed.originSalt,
          sealed.ipAddressDigest,
          sealed.userAgentDigest,
          sealed.detailsSalt,
          sealed.detailsDigest,
          row.id,
        ],
      );
      head = { seq: sealed.seq, hash: sealed.hash };
    }
    const last = rows.at(-1);
    if (last === undefined || rows.length < BATCH) break;
    after = { createdAt: last.created_at, id: last.id };
  }
  await queryRunner.query(
    `INSERT INTO ${q('audit_chain_head')} (${q('id')}, ${q('seq')}, ${q('hash')}) VALUES (1, ?, ?)`,
    [head?.seq ?? 0, head?.hash ?? '0'.repeat(64)],
  );
  return head?.seq ?? 0;
}
