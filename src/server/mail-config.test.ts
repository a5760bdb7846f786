import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'planner-mail-config-')), ...env });
const refusal = (env: Record<string, string>) => {
  try {
    load(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected the configuration to be refused');
};
const FROM = 'Content Planner <planner@example.com>';

describe('SMTP_URL and MAIL_FROM', () => {
  it('leave e-mail off when neither is set', () => {
    expect(load({}).mail).toBeUndefined();
    expect(load({ SMTP_URL: '', MAIL_FROM: '' }).mail).toBeUndefined();
  });

  it('read an smtp:// or smtps:// URL and an address with or without a name', () => {
    expect(load({ SMTP_URL: 'smtps://user:p%40ss@smtp.example.com:465', MAIL_FROM: FROM }).mail).toEqual({
      smtpUrl: 'smtps://user:p%40ss@smtp.example.com:465',
      from: { name: 'Content Planner', address: 'planner@example.com' },
    });
    expect(load({ SMTP_URL: 'smtp://relay.lan:25', MAIL_FROM: 'planner@example.com' }).mail?.from).toEqual({ name: '', address: 'planner@example.com' });
    expect(load({ SMTP_URL: 'smtp://relay.lan', MAIL_FROM: '"Acme \\"Best\\" Co" <a@acme.example>' }).mail?.from.name).toBe('Acme "Best" Co');
  });

  it('stop start-up with one sentence naming the variable, never echoing a password', () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ SMTP_URL: 'smtp://relay.lan' }, /^MAIL_FROM must be set when SMTP_URL is set/],
      [{ MAIL_FROM: FROM }, /^SMTP_URL must be set when MAIL_FROM is set/],
      [{ SMTP_URL: 'https://user:hunter22@smtp.example.com', MAIL_FROM: FROM }, /^SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/],
      [{ SMTP_URL: 'not a url hunter22', MAIL_FROM: FROM }, /^SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/],
      [{ SMTP_URL: 'smtp://user:hunter22@smtp.example.com/path', MAIL_FROM: FROM }, /^SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/],
      [{ SMTP_URL: 'smtp://user@smtp.example.com', MAIL_FROM: FROM }, /^SMTP_URL must carry both a user name and a password, or neither/],
      [{ SMTP_URL: 'smtp://relay.lan', MAIL_FROM: 'planner' }, /^MAIL_FROM must be one e-mail address/],
      [{ SMTP_URL: 'smtp://relay.lan', MAIL_FROM: 'a@example.com, b@example.com' }, /^MAIL_FROM must be one e-mail address/],
      [{ SMTP_URL: 'smtp://relay.lan', MAIL_FROM: 'Planner\r\nBcc: x@evil.example <a@example.com>' }, /^MAIL_FROM must be one e-mail address/],
    ];
    for (const [env, expected] of cases) {
      const message = refusal(env);
      expect(message, JSON.stringify(env)).toMatch(expected);
      expect(message).not.toContain('hunter22');
      expect(message.split('. ').length, message).toBe(1);
    }
  });
});
