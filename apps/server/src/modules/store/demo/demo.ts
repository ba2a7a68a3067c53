import { Readable } from 'node:stream';
import {
  AppCancelBody,
  AppLoginBody,
  AppRegisterBody,
  DeviceCreate,
  FEEDBACK_IMAGE_TYPES,
  FeedbackFields,
  InvitationCreate,
  StoreCreate,
  type DeviceKind,
} from '@lightdesk/contract';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../../lib/context';
import { randomPassword } from '../../../lib/secrets';
import { staffIdOf, tenants } from '../../system';
import { cancelAccount, createAppUser, login } from '../app-auth/account';
import { replyToFeedback } from '../console/feedback';
import { saveFeedback } from '../feedback/routes';
import { appUsers } from '../schema';
import { assignStoreToTenant } from '../store-rules';
import { addDevice, createGroup, createInvitation, createStore, joinStore, membership, regroupLuminaires } from '../stores/service';
import { luminairePicture } from './picture';

// LIGHTDESK_DEMO=1: stores as phones would make them, through the app API's own functions (the
// same checks, history and limits), spread over the last two months so lists and dates look lived in.

const DAY = 86_400_000;

const NAMES = [
  'Emma de Vries',
  'Lars Jansen',
  'Sophie Müller',
  'Jonas Becker',
  'Camille Martin',
  'Lucas Dubois',
  'Oliver Smith',
  'Wang Fang',
  'Li Wei',
  'Zhang Min',
  'Priya Sharma',
  'Liam O’Brien',
  'Noah Tremblay',
  'Ava Johnson',
  'Ethan Garcia',
  'Chloe Wilson',
  'Yuki Tanaka',
  'Tan Wei Ling',
  'Omar Al-Farsi',
  'Lucía García',
  'Daan Visser',
  'Fleur Bakker',
  'Felix Schmidt',
  'Lena Fischer',
  'Hugo Bernard',
  'Inès Petit',
  'Amelia Brown',
  'Chen Jie',
  'Liu Yang',
  'Huang Lei',
  'Arjun Patel',
  'Grace Murphy',
  'Mia Roy',
  'James Miller',
  'Isabella Davis',
  'Jack Taylor',
  'Haruto Sato',
  'Lim Jun Jie',
  'Fatima Hassan',
  'Pablo Ruiz',
  'Sem de Jong',
  'Tess Mulder',
  'Paul Wagner',
  'Marie Laurent',
  'Harry Evans',
  'Zhao Lin',
  'Ananya Iyer',
  'Ella Walsh',
  'Ben Cohen',
  'Nina Novak',
];

/** Store i is administered by demo user i; the first six belong to the agent Northwind. */
const STORES: [name: string, country: string, timezone: string, address: string, latitude: number, longitude: number][] = [
  ['Amsterdam Kalverstraat', 'NL', 'Europe/Amsterdam', 'Kalverstraat 92, 1012 PH Amsterdam', 52.3696, 4.891],
  ['Rotterdam Lijnbaan', 'NL', 'Europe/Amsterdam', 'Lijnbaan 45, 3012 EL Rotterdam', 51.9204, 4.4755],
  ['Berlin Alexanderplatz', 'DE', 'Europe/Berlin', 'Alexanderplatz 9, 10178 Berlin', 52.5219, 13.4132],
  ['Munich Marienplatz', 'DE', 'Europe/Berlin', 'Marienplatz 21, 80331 München', 48.1374, 11.5755],
  ['Paris Rivoli', 'FR', 'Europe/Paris', '112 Rue de Rivoli, 75001 Paris', 48.8606, 2.3454],
  ['Brussels Nieuwstraat', 'BE', 'Europe/Brussels', 'Nieuwstraat 123, 1000 Brussel', 50.8522, 4.3552],
  ['London Oxford Street', 'GB', 'Europe/London', '214 Oxford Street, London W1D 1LA', 51.5154, -0.141],
  ['Shanghai Nanjing Road', 'CN', 'Asia/Shanghai', '南京东路 299 号, 上海', 31.2368, 121.4793],
  ['Shenzhen Coastal City', 'CN', 'Asia/Shanghai', '海岸城 L2, 深圳', 22.5172, 113.9357],
  ['Beijing Wangfujing', 'CN', 'Asia/Shanghai', '王府井大街 138 号, 北京', 39.911, 116.4103],
  ['Mumbai Linking Road', 'IN', 'Asia/Kolkata', 'Linking Road 31, Bandra West, Mumbai 400050', 19.0652, 72.8336],
  ["St. John's Water Street", 'CA', 'America/St_Johns', "210 Water Street, St. John's NL A1C 1A9", 47.5653, -52.7085],
  ['Toronto Eaton Centre', 'CA', 'America/Toronto', '220 Yonge Street, Toronto ON M5B 2H1', 43.6544, -79.3807],
  ['New York SoHo', 'US', 'America/New_York', '568 Broadway, New York NY 10012', 40.7246, -73.9985],
  ['San Francisco Union Square', 'US', 'America/Los_Angeles', '170 O’Farrell Street, San Francisco CA 94102', 37.7866, -122.4074],
  ['Sydney Pitt Street', 'AU', 'Australia/Sydney', '188 Pitt Street Mall, Sydney NSW 2000', -33.87, 151.2085],
  ['Tokyo Ginza', 'JP', 'Asia/Tokyo', '銀座 4-6-16, 中央区, 東京', 35.6717, 139.765],
  ['Singapore Orchard Road', 'SG', 'Asia/Singapore', '290 Orchard Road, Singapore 238859', 1.3036, 103.8318],
  ['Dubai Mall', 'AE', 'Asia/Dubai', 'Financial Centre Road, Downtown Dubai', 25.1972, 55.2796],
  ['Madrid Gran Vía', 'ES', 'Europe/Madrid', 'Gran Vía 32, 28013 Madrid', 40.42, -3.7025],
];
const AGENT_STORES = 6;
const LUMINAIRE_MODELS = ['meta2', 'meta2-pro', 'luna', 'aura', 'spotlight', 'pendant', 'halo', 'strip-controller'];
const PHONES: [platform: 'ios' | 'android', model: string, os: string][] = [
  ['ios', 'iPhone 15', '17.5'],
  ['android', 'Pixel 8', '14'],
  ['android', 'Galaxy S24', '14'],
  ['ios', 'iPhone 13 mini', '16.7'],
  ['android', 'Xiaomi 14', '14'],
  ['android', 'HUAWEI P60', '13'],
];
const FEEDBACK: [type: FeedbackFields['type'], content: string, picture: boolean, reply?: string][] = [
  [
    'fault',
    'Two spotlights above the shoe wall flicker every few minutes since the last firmware update.',
    true,
    'Thanks — firmware 2.4.2 fixes the dimming curve; your store will receive it tonight.',
  ],
  [
    'question',
    'How do I move a luminaire from the Entrance group to the Shelves group?',
    false,
    'Open the group, tap Edit and tick the luminaires you want in it; they leave their old group.',
  ],
  [
    'suggestion',
    'It would help to schedule a scene for the window display after closing time.',
    false,
    'Good idea — scheduled scenes are planned for the next app release.',
  ],
  ['fault', 'The gateway went offline overnight and came back only after a power cycle.', false],
  ['fault', 'One pendant shows the wrong colour temperature compared with the others in the group.', true],
  ['question', 'Can a member of my store see the customer counting figures?', false],
  ['suggestion', 'Please add a dark mode to the app, our staff use it in the evening.', false],
  ['other', 'The invitation e-mail went to spam for two of my colleagues.', false],
  ['fault', 'Heatmap stays empty for the fitting-room zone although the sensor is installed.', true],
  ['question', 'What is the difference between the release and factory firmware channels?', false],
  ['suggestion', 'Show the group name on the luminaire card so I can find lights faster.', false],
  ['fault', 'Adding a strip controller fails with "device in another store" but it is brand new.', false],
  ['other', 'Great product, the new store opening went smoothly with the app.', false],
  ['question', 'How long are the people-counting figures kept?', false],
  ['fault', 'After renaming the store the old name still shows on the second phone.', true],
];

const emailOf = (n: number) => `demo.user${String(n).padStart(2, '0')}@example.com`;

/** Creates the demo stores unless they exist; all or nothing, once even when several servers start together. */
export async function seedStoreDemo(base: AppContext): Promise<void> {
  await base.db.transaction(async (db) => {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext('lightdesk:store-demo'))`);
    const [done] = await db
      .select({ id: appUsers.id })
      .from(appUsers)
      .where(eq(appUsers.email, emailOf(1)));
    if (done) return;
    // Pictures are recorded in this transaction, which holds PGlite's one connection. What the
    // services log on the way (an e-mail per invitation) is summed up in one line instead.
    const log = base.log.child({}, { level: 'warn' });
    await makeDemo({ ...base, db, log, files: { ...base.files, storage: base.files.storage.within(db) } });
    base.log.info(
      { stores: STORES.length, appUsers: NAMES.length },
      base.config.smtpUrl ? 'demo stores made; their invitation e-mails were sent' : 'demo stores made; their invitation e-mails are in the mail outbox',
    );
  });
}

async function makeDemo(base: AppContext) {
  const today = base.clock.now().getTime();
  /** The context as it was `daysAgo` days (and `minutes` minutes) before now. */
  const at = (daysAgo: number, minutes = 0): AppContext => ({ ...base, clock: { now: () => new Date(today - daysAgo * DAY + minutes * 60_000) } });
  const meta = (n: number) => ({ ip: `203.0.113.${n}`, userAgent: 'Lightdesk demo' });

  // People: the store admins two months ago, their colleagues shortly before being invited, the
  // last ten in the past week (the newest today); nobody knows their passwords.
  const registeredDaysAgo = (n: number) => (n <= 20 ? 60 - n : n <= 40 ? 57 - 2 * (n - 20) : [6.5, 5.8, 5.1, 4.2, 3.3, 2.5, 1.6, 0.9, 0.12, 0.05][n - 41]!);
  const people: { id: number; password: string }[] = [];
  for (const [i, nickname] of NAMES.entries()) {
    const n = i + 1;
    const password = randomPassword();
    const country = STORES[(n - 1) % STORES.length]![1];
    const body = AppRegisterBody.parse({ email: emailOf(n), password, nickname, country, code: '000000' });
    people.push({ id: await createAppUser(at(registeredDaysAgo(n)), body), password });
  }
  // Phones: the store admins sign in from theirs.
  for (let n = 1; n <= STORES.length; n++) {
    const [platform, model, osVersion] = PHONES[n % PHONES.length]!;
    const body = AppLoginBody.parse({
      email: emailOf(n),
      password: people[n - 1]!.password,
      installId: `demo-install-${n}`,
      platform,
      model,
      osVersion,
      appVersion: '3.2.0',
    });
    await login(at(Math.max(0, 20 - n), 30), body, meta(n));
  }

  const platformAdmin = await staffIdOf(base.db, 'admin');
  const [northwind] = await base.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.code, 'northwind'));
  let serial = 0;
  for (const [i, [meshName, country, timezone, address, latitude, longitude]] of STORES.entries()) {
    const n = i + 1;
    const admin = people[n - 1]!.id;
    const day = 58 - 2 * i;
    const store = await createStore(at(day), admin, StoreCreate.parse({ meshName, country, timezone, address, latitude, longitude }));
    const m = await membership(base, admin, store.meshId, 'admin');
    const entrance = await createGroup(at(day, 5), m, 'Entrance');
    const shelves = await createGroup(at(day, 6), m, 'Shelves');
    await createGroup(at(day, 7), m, 'Window');

    const device = async (kind: DeviceKind, model: string, name: string, groupCode: number | null) => {
      serial++;
      const uuid = `A4:C1:38:${hex(n)}:${hex(serial >> 8)}:${hex(serial)}`;
      const body = DeviceCreate.parse({
        meshId: store.meshId,
        kind,
        deviceName: name,
        uuid,
        deviceCode: `LD-${model.toUpperCase()}-${String(serial).padStart(5, '0')}`,
        model,
        meshAddress: kind === 'luminaire' ? serial % 0x7fff : null,
        firmwareVersion: ['2.3.1', '2.4.0', '2.4.2'][serial % 3],
        groupCode,
      });
      return addDevice(at(day - 1, serial % 600), m, body);
    };
    await device('gateway', 'meta1-esp32', 'Gateway', null);
    await device('sensor', 'kano', 'Entrance counter', null);
    await device('sensor', 'zues', 'Fitting-room zone', null);
    await device('sensor', 'muses', 'Heatmap sensor', null);
    const shelfLights: string[] = [];
    for (let k = 1; k <= 30; k++) {
      const model = LUMINAIRE_MODELS[(k + n) % LUMINAIRE_MODELS.length]!;
      const group = k <= 10 ? entrance.groupCode : null;
      const light = await device('luminaire', model, `${k <= 10 ? 'Entrance' : 'Aisle'} light ${k}`, group);
      if (k > 10 && k <= 24) shelfLights.push(light.uuid);
    }
    // The shelf lights were grouped after they were installed, as people do.
    await regroupLuminaires(at(day - 2), m, shelves.groupCode, shelfLights, []);

    // A colleague joins with an invitation code.
    const invitation = await createInvitation(at(day - 3), admin, InvitationCreate.parse({ meshId: store.meshId, email: emailOf(n + 20) }));
    await joinStore(at(day - 3, 40), people[n + 19]!.id, invitation.code);

    if (n <= AGENT_STORES && northwind && platformAdmin) {
      const { store: row } = await membership(base, admin, store.meshId);
      await assignStoreToTenant(at(day - 4), { kind: 'staff', id: platformAdmin }, row.id, northwind.id);
    }
  }

  // Feedback from the store admins, some with a picture, the oldest answered.
  for (const [i, [type, content, picture, reply]] of FEEDBACK.entries()) {
    const n = i + 1;
    const images = picture
      ? [
          (await base.files.storage.put(Readable.from([luminairePicture(320, 240, i / FEEDBACK.length)]), { maxBytes: 1_000_000, types: FEEDBACK_IMAGE_TYPES }))
            .key,
        ]
      : [];
    const [platform, phoneModel] = PHONES[n % PHONES.length]!;
    const fields = FeedbackFields.parse({
      type,
      content,
      appVersion: '3.2.0',
      phoneModel: `${phoneModel} (${platform})`,
      contactEmail: n % 4 === 0 ? `store${n}@example.net` : '',
    });
    const id = await saveFeedback(at(30 - n), people[n - 1]!.id, fields, images);
    if (reply && platformAdmin) await replyToFeedback(at(29 - n), platformAdmin, { id, reply });
  }

  // The last person asked to close their account; it waits out the grace period.
  const last = people[people.length - 1]!;
  await cancelAccount(at(0.02), last.id, AppCancelBody.parse({ password: last.password, reason: 'We closed the shop.' }));
}

const hex = (n: number) => (n & 0xff).toString(16).padStart(2, '0').toUpperCase();
