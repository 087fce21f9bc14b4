// Named checks for the scripts that end with "<label>: N passed, M failed"
// (the line scripts/test.sh counts): each check prints "ok" or "FAIL" and why.
export function checks(label) {
  let passed = 0;
  let failed = 0;
  return {
    /** Runs one check; it fails by throwing. */
    async check(name, body) {
      try {
        await body();
        passed++;
        console.log(`ok ${name}`);
      } catch (error) {
        failed++;
        console.log(`FAIL ${name}: ${error?.stack ?? error}`);
      }
    },
    /** Prints the summary line and exits: 0 when every check passed. */
    finish() {
      console.log(`${label}: ${passed} passed, ${failed} failed`);
      process.exit(failed === 0 ? 0 : 1);
    },
  };
}
