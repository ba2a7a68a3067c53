/**
 * Which server test files run on which database.
 *
 * PGlite is PostgreSQL's own parser and planner compiled to WebAssembly: a statement means the
 * same on both. What differs is the driver (what a value comes back as, how an error reads,
 * named statements), the connection model (one connection that queues every statement, against
 * a pool whose transactions really run side by side) and so everything about locks and
 * concurrency. So every test file runs once — on PostgreSQL when TEST_DATABASE_URL names one,
 * whose driver is the stricter (a count or a bigint comes back as text unless cast), otherwise on
 * PGlite — and the files below run on both, because the code they test is where the two differ.
 * `npm run test:all-databases` runs every file on both, for a change to SQL.
 *
 * databases.test.ts keeps this honest: every source file that uses a driver, a row or advisory
 * lock, a partition or a listen/notify channel must be covered by a file listed here.
 */
export interface BothDatabases {
  /** The source files whose database behaviour the test file exercises. */
  covers: string[];
  /** What differs between the drivers there. */
  why: string;
}

export const onBothDatabases: Record<string, BothDatabases> = {
  'src/db/client.test.ts': {
    covers: ['src/db/client.ts'],
    why: 'the two drivers themselves; statements named per connection exist only on PostgreSQL; the start-up lock held on a connection of its own',
  },
  'src/lib/errors.test.ts': {
    covers: ['src/lib/errors.ts'],
    why: "each driver's error object, mapped to the answer a caller gets (400 for a value the database refuses, 409 naming the field)",
  },
  'src/lib/jobs/runner.test.ts': {
    covers: ['src/lib/jobs/runner.ts'],
    why: 'runs claimed with FOR UPDATE SKIP LOCKED, so each happens once however many runners poll',
  },
  'src/modules/device/ingest/http-ingest.test.ts': {
    covers: ['src/modules/device/ingest/ingest.ts', 'src/modules/device/ingest/partitions.ts'],
    why: 'daily partitions made at run time under an advisory lock while batches ingest side by side; resends stored once',
  },
  'src/modules/device/ingest/resend.test.ts': {
    covers: ['src/modules/device/ingest/ingest.ts'],
    why: "a device's message ids claimed by one insert while batches carrying them arrive at once, over HTTP and MQTT",
  },
  'src/modules/device/ingest/partitions.test.ts': {
    covers: ['src/modules/device/ingest/partitions.ts'],
    why: 'old days detached under a brief lock, then counted and dropped while ingests run side by side; two servers dropping at once',
  },
  'src/modules/device/iot-device/iot-devices.test.ts': {
    covers: ['src/modules/device/status/liveness.ts'],
    why: 'online and offline decided under row locks while reports and the liveness sweep race',
  },
  'src/modules/analytics/rollup/rollup.test.ts': {
    covers: ['src/modules/analytics/rollup/rollup.ts'],
    why: 'rollups upserted by concurrent batches must add up to the raw reports',
  },
  'src/modules/content/seed-loader.test.ts': {
    covers: ['src/modules/content/seed-loader.ts'],
    why: 'the content seed loads once under an advisory lock',
  },
  'src/modules/store/demo/demo.test.ts': {
    covers: ['src/modules/store/demo/demo.ts'],
    why: 'the demo stores are made once under an advisory lock',
  },
  'src/modules/system/seed/reference-data.test.ts': {
    covers: ['src/modules/system/seed/seed.ts'],
    why: 'menus and reference data seeded under an advisory lock',
  },
  'src/modules/system/auth/login.test.ts': {
    covers: ['src/modules/system/auth/password-guessing.ts'],
    why: 'failed attempts judged one at a time under an advisory lock per client address while wrong passwords arrive at once at two servers',
  },
  'src/modules/system/auth/sms.test.ts': {
    covers: ['src/modules/system/auth/sms.ts'],
    why: 'each try at a code counted in one statement while wrong codes arrive at once',
  },
  'src/modules/system/auth/captcha.test.ts': {
    covers: ['src/modules/system/auth/captcha.ts'],
    why: 'a challenge consumed by one delete while sign-ins carrying it arrive at once',
  },
  'src/modules/system/auth/rate-limits.test.ts': {
    covers: ['src/lib/rate-limit/store.ts'],
    why: 'the sign-in calls’ limits counted in the database while requests arrive at once at two servers',
  },
  'src/lib/rate-limit/store.test.ts': {
    covers: ['src/lib/rate-limit/store.ts'],
    why: 'requests counted by one upsert per request while they arrive at once at two servers; the count failing open',
  },
  'src/modules/device/mqtt/external.test.ts': {
    covers: ['src/modules/device/mqtt/external.ts'],
    why: 'the broker sessions of a server that is gone are adopted one at a time with FOR UPDATE SKIP LOCKED, so no two servers drain the same one',
  },
  'src/modules/device/command/commands.test.ts': {
    covers: ['src/modules/device/command/delivery.ts'],
    why: 'a command moves queued → sent → acknowledged in transactions racing the gateway and the timeout sweep',
  },
  'src/modules/release/firmware.test.ts': {
    covers: ['src/modules/release/firmware/downloads.ts'],
    why: "a device's download slots claimed by one conditional insert each while its downloads arrive at once at two servers",
  },
  'src/lib/storage/sweep.test.ts': {
    covers: ['src/lib/storage/tracked.ts'],
    why: "a stored file is recorded and swept under an advisory lock per key, so a put racing the sweep keeps the file's bytes",
  },
  'src/modules/analytics/subscriptions/delivery.test.ts': {
    covers: ['src/modules/analytics/subscriptions/delivery.ts'],
    why: "a report's period claimed by one conditional upsert while two servers run the delivery job at once; a lapsed claim taken over",
  },
};

/** About the process and its configuration: they start the embedded database themselves. */
export const onPgliteOnly: Record<string, string> = {
  'src/main.test.ts': 'starts the server process as `npm start` does, on PGlite in its data folder',
  'src/config.test.ts': 'reads environment variables; no database',
};
