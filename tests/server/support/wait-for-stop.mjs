// Stands for the `npm run dev` script in tests/server/dev-script.test.ts: prints `waiting`, then
// waits for the stop signal a server that cannot listen sends it (server/dev/dev-script.ts), says
// so and ends.
process.once('SIGUSR2', () => {
  console.log('asked to stop');
  process.exit(0);
});
setInterval(() => undefined, 60_000);
console.log('waiting');
