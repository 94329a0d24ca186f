// The embedded Accounts adapter: email and password accounts kept in the SQLite file of the
// embedded store (its own two tables beside the store's), for demos, development and CI.
//
// - Passwords: scrypt hashes (password-hash.server.ts).
// - Sessions: each account has a session version; a session is "<account id>.<version>" inside the
//   signed session cookie and is valid only while the version is unchanged. A password reset bumps
//   the version, which ends every session of the account on its next request.
// - Reset links: 256 random bits, stored only as a SHA-256 hash, single use, valid for one hour;
//   the link itself is handed to `sendResetLink` (the app sends it through the Mailer).
// - The staff role: a row in `local_staff`, set only by the operator's command line.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  AccountsUnavailableError,
  RESET_CODE_TTL_MS,
  type AccountUser,
  type Accounts,
  type SignedIn,
} from './accounts.server';
import {
  DEFAULT_SCRYPT_PARAMS,
  hashPassword,
  needsRehash,
  verifyPassword,
  type ScryptParams,
} from './password-hash.server';
import { openSqliteDatabase } from '~/store/sqlite-database.server';

export interface ResetLinkMessage {
  email: string;
  link: string;
  expiresAt: Date;
}

export interface LocalAccountsOptions {
  /** The SQLite file (the embedded store's, see sqliteStorePath); ":memory:" for a private one. */
  filename: string;
  /** The absolute URL of the page that takes a reset code (the emailed link). */
  resetLink: (code: string) => string;
  /** Delivers a reset link; its failure is the caller's to report (it is thrown). */
  sendResetLink: (message: ResetLinkMessage) => Promise<void>;
  /** The clock (tests move it past a link's expiry). */
  now?: () => number;
  scrypt?: ScryptParams;
}

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS local_accounts (
    id TEXT PRIMARY KEY,
    email TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    session_version INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  ) STRICT;
  CREATE TABLE IF NOT EXISTS local_password_resets (
    token_hash TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES local_accounts (id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    used_at TEXT
  ) STRICT;
  CREATE INDEX IF NOT EXISTS local_password_resets_account ON local_password_resets (account_id);
  CREATE TABLE IF NOT EXISTS local_staff (
    account_id TEXT PRIMARY KEY REFERENCES local_accounts (id) ON DELETE CASCADE,
    granted_at TEXT NOT NULL
  ) STRICT;
`;

/** Reset codes are base64url of this many random bytes (256 bits). */
const RESET_CODE_BYTES = 32;
/** Spent and expired reset rows are kept this long (support questions), then removed. */
const RESET_ROW_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function createLocalAccounts(options: LocalAccountsOptions): Accounts {
  const now = options.now ?? Date.now;
  const scryptParams = options.scrypt ?? DEFAULT_SCRYPT_PARAMS;
  // Opened as every connection to the store's file is (no WAL: a failing disk is an error, not a
  // crash of the process; see sqlite-database.server.ts).
  const db = openSqliteDatabase(options.filename);
  db.exec('PRAGMA foreign_keys = ON');
  db.exec(SCHEMA);

  const statements = {
    byEmail: db.prepare(
      'SELECT id, email, password_hash, session_version FROM local_accounts WHERE email = ?',
    ),
    byId: db.prepare('SELECT id, email, session_version FROM local_accounts WHERE id = ?'),
    insert: db.prepare(
      `INSERT INTO local_accounts (id, email, password_hash, session_version, created_at, updated_at)
       VALUES (?, ?, ?, 1, ?, ?) ON CONFLICT (email) DO NOTHING`,
    ),
    delete: db.prepare('DELETE FROM local_accounts WHERE id = ?'),
    rehash: db.prepare(
      'UPDATE local_accounts SET password_hash = ?, updated_at = ? WHERE id = ? AND password_hash = ?',
    ),
    setPassword: db.prepare(
      `UPDATE local_accounts
       SET password_hash = ?, session_version = session_version + 1, updated_at = ?
       WHERE id = ?`,
    ),
    insertReset: db.prepare(
      `INSERT INTO local_password_resets (token_hash, account_id, created_at, expires_at)
       VALUES (?, ?, ?, ?)`,
    ),
    usableReset: db.prepare(
      `SELECT account_id FROM local_password_resets
       WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?`,
    ),
    consumeReset: db.prepare(
      `UPDATE local_password_resets SET used_at = ?
       WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?`,
    ),
    spendOtherResets: db.prepare(
      'UPDATE local_password_resets SET used_at = ? WHERE account_id = ? AND used_at IS NULL',
    ),
    pruneResets: db.prepare('DELETE FROM local_password_resets WHERE expires_at < ?'),
    grantStaff: db.prepare(
      'INSERT INTO local_staff (account_id, granted_at) VALUES (?, ?) ON CONFLICT DO NOTHING',
    ),
    revokeStaff: db.prepare('DELETE FROM local_staff WHERE account_id = ?'),
    isStaff: db.prepare('SELECT 1 FROM local_staff WHERE account_id = ?'),
  };

  let closed = false;
  /** Runs database work, turning a closed or failing database into AccountsUnavailableError. */
  function guard<T>(work: () => T): T {
    if (closed) throw new AccountsUnavailableError('The accounts database is closed.');
    try {
      return work();
    } catch (error) {
      if (db.isTransaction) db.exec('ROLLBACK');
      throw new AccountsUnavailableError('The accounts database failed.', { cause: error });
    }
  }

  function transaction<T>(work: () => T): T {
    return guard(() => {
      db.exec('BEGIN IMMEDIATE');
      const result = work();
      db.exec('COMMIT');
      return result;
    });
  }

  function isoNow(): string {
    return new Date(now()).toISOString();
  }

  function signedIn(id: string, email: string, version: number): SignedIn {
    return { user: { id, email }, session: `${id}.${version}` };
  }

  // Signing in with an unknown address still runs scrypt once, against this hash, so the answer
  // takes as long as for a wrong password and does not reveal which addresses have accounts.
  let decoyHash: Promise<string> | undefined;
  function decoy(): Promise<string> {
    decoyHash ??= hashPassword(randomBytes(16).toString('hex'), scryptParams);
    return decoyHash;
  }

  return {
    kind: 'local',

    async createAccount({ email, password }) {
      const address = normaliseEmail(email);
      const hash = await hashPassword(password, scryptParams);
      const id = randomUUID().replace(/-/g, '');
      const stamp = isoNow();
      const inserted = guard(() => statements.insert.run(id, address, hash, stamp, stamp));
      if (Number(inserted.changes) === 0) return { ok: false, reason: 'email-in-use' };
      return { ok: true, signedIn: signedIn(id, address, 1) };
    },

    async deleteAccount(id) {
      guard(() => statements.delete.run(id));
    },

    async signIn({ email, password }) {
      const row = guard(() => statements.byEmail.get(normaliseEmail(email)));
      if (!row) {
        await verifyPassword(password, await decoy());
        return null;
      }
      const stored = String(row.password_hash);
      if (!(await verifyPassword(password, stored))) return null;
      if (needsRehash(stored, scryptParams)) {
        const upgraded = await hashPassword(password, scryptParams);
        // Only if no reset changed the password meanwhile.
        guard(() => statements.rehash.run(upgraded, isoNow(), String(row.id), stored));
      }
      return signedIn(String(row.id), String(row.email), Number(row.session_version));
    },

    async verifySession(session) {
      const match = /^([0-9a-f]{32})\.(\d{1,12})$/.exec(session);
      if (!match) return null;
      const row = guard(() => statements.byId.get(match[1] as string));
      if (!row || Number(row.session_version) !== Number(match[2])) return null;
      return { id: String(row.id), email: String(row.email) } satisfies AccountUser;
    },

    async requestPasswordReset({ email }) {
      const row = guard(() => statements.byEmail.get(normaliseEmail(email)));
      if (!row) return;
      const code = randomBytes(RESET_CODE_BYTES).toString('base64url');
      const created = now();
      const expiresAt = new Date(created + RESET_CODE_TTL_MS);
      transaction(() => {
        statements.pruneResets.run(new Date(created - RESET_ROW_RETENTION_MS).toISOString());
        statements.insertReset.run(
          sha256(code),
          String(row.id),
          new Date(created).toISOString(),
          expiresAt.toISOString(),
        );
      });
      await options.sendResetLink({
        email: String(row.email),
        link: options.resetLink(code),
        expiresAt,
      });
    },

    async checkResetCode(code) {
      if (!code) return false;
      return Boolean(guard(() => statements.usableReset.get(sha256(code), isoNow())));
    },

    async resetPassword({ code, password }) {
      if (!code) return null;
      const tokenHash = sha256(code);
      if (!guard(() => statements.usableReset.get(tokenHash, isoNow()))) return null;
      // Hashing is slow and asynchronous, so it happens before the transaction; the transaction
      // then spends the code only if no concurrent reset spent it first.
      const hash = await hashPassword(password, scryptParams);
      return transaction((): AccountUser | null => {
        const stamp = isoNow();
        const row = statements.usableReset.get(tokenHash, stamp);
        if (!row) return null;
        const consumed = statements.consumeReset.run(stamp, tokenHash, stamp);
        if (Number(consumed.changes) !== 1) return null;
        const accountId = String(row.account_id);
        statements.setPassword.run(hash, stamp, accountId);
        statements.spendOtherResets.run(stamp, accountId);
        const account = statements.byId.get(accountId);
        return { id: accountId, email: String(account?.email) };
      });
    },

    async setStaff(email, staff) {
      const row = guard(() => statements.byEmail.get(normaliseEmail(email)));
      if (!row) return null;
      const id = String(row.id);
      guard(() =>
        staff ? statements.grantStaff.run(id, isoNow()) : statements.revokeStaff.run(id),
      );
      return { id, email: String(row.email) };
    },

    async isStaff(accountId) {
      return Boolean(guard(() => statements.isStaff.get(accountId)));
    },

    close() {
      if (!closed) {
        closed = true;
        db.close();
      }
      return Promise.resolve();
    },
  };
}
