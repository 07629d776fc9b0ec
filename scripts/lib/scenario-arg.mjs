// `--scenario <name>` / `--scenario=<name>` of `npm start` and `npm run dev` (docs/developer-tools.md
// "Scenarios and reset"), and `--record <name>` of `npm start` ("Recording and replay"): the
// name, or undefined. The server checks the name (an unknown scenario stops the start, listing
// the scenarios; a recording name must be a file name: MOCK_RECORD).

/** The value of `--<option> <value>` or `--<option>=<value>`; a missing value stops the script. */
export function optionArgument(args, option, example) {
  const flag = `--${option}`;
  const index = args.findIndex((arg) => arg === flag || arg.startsWith(`${flag}=`));
  if (index < 0) return undefined;
  const arg = args[index];
  const value = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : args[index + 1];
  if (value === undefined || value === '') {
    console.error(`${flag} needs a name, e.g. ${example}`);
    process.exit(1);
  }
  return value;
}

export function scenarioArgument(args) {
  return optionArgument(args, 'scenario', 'npm start -- --scenario empty');
}

export function recordArgument(args) {
  return optionArgument(args, 'record', 'npm start -- --record journal-real');
}
