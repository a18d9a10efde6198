// One metering process of the concurrency test: asks for one validation row at a
// time, N times, against the built store, and prints how many were allowed.
import { openAccountsDb } from '../../dist/src/store/accounts-db.js';

const [dir, times] = process.argv.slice(2);
const store = openAccountsDb(dir);
let allowed = 0;
for (let i = 0; i < Number(times); i++) {
  const decision = store.consumeSync('acme', { kind: 'validation', rows: 1 }, new Date('2026-03-15T12:00:00Z'));
  if (decision.ok) allowed += decision.allowed;
}
store.closeSync();
process.stdout.write(`${allowed}\n`);
