import { DEFAULT_PAYMENT_HOLD_HOURS } from '@tembea/schema';

/** How travellers pay and where the money goes (the PAYMENT_* and STRIPE_* variables). */
export interface PaymentConfig {
  /** Hours an unpaid Pending booking keeps its seats (PAYMENT_HOLD_HOURS). */
  holdHours: number;
  /** Percent of a refundable amount kept as fees on an early cancellation (REFUND_FEE_PERCENT). */
  refundFeePercent: number;
  /** The operator's bank account for transfers; null when none is configured (production). */
  bank: BankDetails | null;
  /** Mobile-money numbers travellers pay to; only the configured ones. */
  mobileMoney: { provider: 'mpesa' | 'tigo_pesa' | 'airtel_money'; number: string }[];
  /** True when the bank and mobile-money details are samples (outside production, nothing set). */
  sampleDetails: boolean;
  /** Card payments through Stripe Checkout, when both of its secrets are set. */
  stripe: StripeSettings | null;
}

export interface BankDetails {
  name: string;
  accountName: string;
  accountNumber: string;
  swift: string | null;
  branch: string | null;
}

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /**
   * Where the SDK sends its requests instead of api.stripe.com (STRIPE_API_URL): a local stand-in
   * for tests without the network. Refused in production.
   */
  apiUrl: { host: string; port: number; protocol: 'http' | 'https' } | null;
}

type Env = Record<string, string | undefined>;
type Fail = (message: string) => never;

const str = (env: Env, name: string) => {
  const v = env[name]?.trim();
  return v ? v : null;
};

/** Sample details, marked as such, so the instructions read sensibly before the operator sets theirs. */
const SAMPLE_BANK: BankDetails = {
  name: 'Sample Bank Tanzania (set PAYMENT_BANK_NAME)',
  accountName: 'Tembea Tours Ltd (sample)',
  accountNumber: '0000000000 (sample)',
  swift: 'SAMPLETZ',
  branch: 'Arusha (sample)',
};
const SAMPLE_MOBILE: PaymentConfig['mobileMoney'] = [{ provider: 'mpesa', number: '+255 700 000 000 (sample)' }];

function percent(env: Env, name: string, fail: Fail): number {
  const raw = str(env, name);
  if (raw === null) return 0;
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(raw) || Number(raw) > 100)
    fail(`${name} must be a percentage from 0 to 100 with at most two decimals, got "${raw}"`);
  return Number(raw);
}

function stripeApiUrl(env: Env, production: boolean, fail: Fail): StripeSettings['apiUrl'] {
  const raw = str(env, 'STRIPE_API_URL');
  if (raw === null) return null;
  if (production) fail('STRIPE_API_URL points the Stripe SDK at a stand-in for tests: it is refused in production');
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return fail(`STRIPE_API_URL is not a valid URL: "${raw}"`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') fail('STRIPE_API_URL must start with http:// or https://');
  const protocol = u.protocol === 'http:' ? 'http' : 'https';
  return { host: u.hostname, port: Number(u.port || (protocol === 'http' ? 80 : 443)), protocol };
}

/** Parses the payment variables; `fail` raises the configuration's error with the message. */
export function loadPaymentConfig(
  env: Env,
  production: boolean,
  int: (name: string, def: number, min: number, max: number) => number,
  fail: Fail,
): PaymentConfig {
  const secretKey = str(env, 'STRIPE_SECRET_KEY');
  const webhookSecret = str(env, 'STRIPE_WEBHOOK_SECRET');
  if ((secretKey === null) !== (webhookSecret === null))
    fail('STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together (card payments need both)');
  if (secretKey !== null && !/^(sk|rk)_(test|live)_\w+$/.test(secretKey))
    fail('STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_…, sk_live_… or a restricted rk_… key)');
  if (webhookSecret !== null && !webhookSecret.startsWith('whsec_'))
    fail("STRIPE_WEBHOOK_SECRET must be the endpoint's signing secret (whsec_…)");
  const bankName = str(env, 'PAYMENT_BANK_NAME');
  const accountName = str(env, 'PAYMENT_BANK_ACCOUNT_NAME');
  const accountNumber = str(env, 'PAYMENT_BANK_ACCOUNT_NUMBER');
  const bankParts = [bankName, accountName, accountNumber];
  if (bankParts.some((p) => p !== null) && bankParts.some((p) => p === null))
    fail('PAYMENT_BANK_NAME, PAYMENT_BANK_ACCOUNT_NAME and PAYMENT_BANK_ACCOUNT_NUMBER must be set together');
  const bank: BankDetails | null = bankName
    ? {
        name: bankName,
        accountName: accountName!,
        accountNumber: accountNumber!,
        swift: str(env, 'PAYMENT_BANK_SWIFT'),
        branch: str(env, 'PAYMENT_BANK_BRANCH'),
      }
    : null;
  const mobileMoney: PaymentConfig['mobileMoney'] = [];
  for (const [provider, name] of [
    ['mpesa', 'PAYMENT_MPESA_NUMBER'],
    ['tigo_pesa', 'PAYMENT_TIGO_PESA_NUMBER'],
    ['airtel_money', 'PAYMENT_AIRTEL_MONEY_NUMBER'],
  ] as const) {
    const number = str(env, name);
    if (number === null) continue;
    if (!/^\+?[\d ]{6,20}$/.test(number))
      fail(`${name} must be a phone number such as +255 754 000 000, got "${number}"`);
    mobileMoney.push({ provider, number });
  }
  const sampleDetails = !production && !bank && mobileMoney.length === 0;
  return {
    holdHours: int('PAYMENT_HOLD_HOURS', DEFAULT_PAYMENT_HOLD_HOURS, 1, 24 * 60),
    refundFeePercent: percent(env, 'REFUND_FEE_PERCENT', fail),
    bank: sampleDetails ? SAMPLE_BANK : bank,
    mobileMoney: sampleDetails ? SAMPLE_MOBILE : mobileMoney,
    sampleDetails,
    stripe:
      secretKey && webhookSecret ? { secretKey, webhookSecret, apiUrl: stripeApiUrl(env, production, fail) } : null,
  };
}

/** What a production start should warn about: travellers told to pay with no account to pay into. */
export function paymentWarnings(config: { production: boolean; payments: PaymentConfig }): string[] {
  const p = config.payments;
  if (!config.production || p.bank || p.mobileMoney.length) return [];
  return [
    'No bank account or mobile-money number is configured (PAYMENT_BANK_*, PAYMENT_MPESA_NUMBER, …): offline payment instructions give only the reference and ask travellers to contact you',
  ];
}
