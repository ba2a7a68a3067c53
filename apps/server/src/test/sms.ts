import { useSmsSender } from '../modules/system/auth/sms';
import type { SmsMessage } from '../modules/system/auth/sms-senders';
import type { TestApp } from './test-app';

/**
 * A gateway that delivers every SMS to the test: what the server handed it, kept per test app so
 * tests read codes as a phone would (from the text, not from the message's fields).
 */
export function captureSms(t: TestApp) {
  const delivered: SmsMessage[] = [];
  useSmsSender(t.ctx, {
    name: 'test',
    delivers: true,
    send: (message) => {
      delivered.push(message);
      return Promise.resolve();
    },
  });
  return { delivered, lastCodeTo: (mobile: string) => delivered.findLast((m) => m.mobile === mobile)?.content.match(/\b(\d{6})\b/)?.[1] };
}
