// `--scenario <name>` / `--scenario=<name>` of `npm start` and `npm run dev` (README "Scenarios
// and reset"): the name, or undefined. The server checks the name (an unknown one stops the
// start, listing the scenarios).
export function scenarioArgument(args) {
  const index = args.findIndex((arg) => arg === '--scenario' || arg.startsWith('--scenario='));
  if (index < 0) return undefined;
  const arg = args[index];
  const name = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : args[index + 1];
  if (name === undefined || name === '') {
    console.error('--scenario needs a name, e.g. npm start -- --scenario empty');
    process.exit(1);
  }
  return name;
}
