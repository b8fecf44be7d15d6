// `amp-url`: the extension's rules on the command line (docs/cli.md). This file only dispatches:
// each command is its own module; every error ends as one line on stderr and exit code 2
// (CONTRIBUTING.md, "Messages").
import { VERSION } from './version';
import { UsageError, quoteArg } from './args';
import { CLOSED_OUTPUT_EXIT, ClosedOutput, problemLine, writeWhole } from './output';
import { CONVERT_COMMANDS, runConvert } from './convert';
import type { Streams } from './streams';
import { runFind } from './find';
import { runCheck } from './check';

const MAIN_HELP = `Usage: amp-url <command> [options] [arguments]

Commands on URLs (arguments, or one a line from stdin):
  cache       publisher URL -> AMP Cache URL
  publisher   AMP Cache or viewer URL -> publisher URL (de-AMP)
  origin      AMP Cache origin (CORS Origin header)
  canonical   Safe Browsing canonical URL
  hash        Safe Browsing hash prefixes
  normalize   RFC 3986 normalized URL

Commands on files:
  find        every URL with file:line:column and its kind
  check       AMP Cache and viewer URLs in the files git would track (CI);
              --fix rewrites them to publisher URLs

For AI agents:
  mcp         a Model Context Protocol server on stdio with the same rules
              (docs/agents.md)

amp-url <command> --help tells more. Same rules as the AMP URL Toolkit
extension for VS Code; documentation: docs/cli.md.
`;

/** Runs one command on its arguments (after the command's name). */
type RunCommand = (argv: readonly string[], io: Streams) => Promise<number>;

/** Every command, in the order the help and the unknown-command message list them. */
const COMMANDS: ReadonlyMap<string, RunCommand> = new Map<string, RunCommand>([
  ...CONVERT_COMMANDS.map((c): [string, RunCommand] => [c, (argv, io) => runConvert(c, argv, io)]),
  ['find', runFind],
  ['check', runCheck],
  // Loaded on use: the protocol's SDK is most of the bundle, and no other command needs it.
  ['mcp', async (argv, io) => (await import('./mcp')).runMcp(argv, io)],
]);

export async function main(argv: readonly string[], io: Streams): Promise<number> {
  const command = argv.at(0);
  const rest = argv.slice(1);
  try {
    if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
      await writeWhole(io.stdout, MAIN_HELP);
      return command === undefined ? 2 : 0;
    }
    if (command === '--version' || command === '-V') {
      await writeWhole(io.stdout, `${VERSION}\n`);
      return 0;
    }
    const run = COMMANDS.get(command);
    if (run) return await run(rest, io);
    io.stderr.write(
      problemLine(
        'amp-url',
        `unknown command ${quoteArg(command)}; commands: ${[...COMMANDS.keys()].join(', ')} (see amp-url --help)`,
      ),
    );
    return 2;
  } catch (e) {
    if (e instanceof ClosedOutput) return CLOSED_OUTPUT_EXIT;
    const who = command === undefined || command.startsWith('-') ? 'amp-url' : `amp-url ${command}`;
    if (e instanceof UsageError)
      io.stderr.write(problemLine(who, `${e.message} (see ${who} --help)`));
    else io.stderr.write(problemLine(who, oneLineMessage(e)));
    return 2;
  }
}

/** An error as one line: Node's message already names the path and the system error. */
export function oneLineMessage(e: unknown): string {
  if (e instanceof Error) return e.message.split('\n')[0];
  return String(e);
}
