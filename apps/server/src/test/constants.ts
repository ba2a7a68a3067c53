/** The seeded accounts' password in the test template only; the product has no default password. */
export const TEST_PASSWORD = 'Test-Passw0rd-only';
