// `amp-url mcp`: the tools of src/shared/agent-tools as a Model Context Protocol server on stdio,
// for agents outside VS Code (docs/agents.md). Read-only: the tools compute URL forms and search
// the repository the server was started in (the files `amp-url check` reads, chosen and read
// the same way: selectFiles, readFileText), and no tool takes a path, so nothing outside it is
// read. Only the protocol's messages go to stdout; nothing else is ever printed there.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import { mayHoldAmpUrl } from '../shared/amp-prefilter';
import {
  DEFAULT_FIND_RESULTS,
  FindCollector,
  TOOLS,
  answerText,
  answerUrlTool,
  checkInput,
  toolDefinition,
  type FindAnswer,
} from '../shared/agent-tools';
import { languageOfPath } from '../shared/language-of-path';
import type { Settings } from '../shared/settings';
import { splitGlobList } from '../shared/workspace-files';
import { DEFAULT_MAX_FILE_SIZE } from '../shared/file-size-limit';
import { UsageError, byteCount, flag, parseArgs, quoteArg, type FlagSpecs } from './args';
import type { Streams } from './streams';
import { ConfinedFiles } from '../node/safe-file';
import { readRepoFileText, skipReason } from './file-text';
import { repositoryRoot, selectFiles } from './select-files';
import { settingFlags, settingHelp, settingsFromArgs, type SettingFlag } from './settings';

// Every setting: the tools compute every form (cache URLs, normalization).
const MCP_SETTINGS: readonly SettingFlag[] = [
  'cache',
  'custom-cache',
  'serving-type',
  'image-width',
  'preset',
  'step',
];
import { VERSION } from './version';

const FLAGS: FlagSpecs = {
  help: { short: 'h' },
  root: { value: true },
  'max-file-size': { value: true },
  ...settingFlags(MCP_SETTINGS),
};

const MCP_HELP = `Usage: amp-url mcp [options]

Runs a Model Context Protocol server on stdin/stdout for AI agents, with
the rules of this tool. Its tools:
${TOOLS.map((t) => `  ${t.name.padEnd(24)}${t.title}`).join('\n')}
Read-only: the tools compute URL forms and read the files \`amp-url check\`
would read in the repository the server was started in; no tool writes a
file or takes a path. Configuration for VS Code and other clients:
docs/agents.md.

Options:
  --root DIR              search the repository holding DIR (default: the
                          current folder), for clients that can't set the
                          folder a server starts in
  --max-file-size BYTES   skip larger files (default ${DEFAULT_MAX_FILE_SIZE})
  -h, --help              this help

${settingHelp(MCP_SETTINGS)}
Exit status: 0 when the client closes the connection, 2 usage error.
`;

interface RepositoryContext {
  root: string;
  settings: Settings;
  maxFileSize: number;
}

/** amp_url_find_amp_urls over the repository, bounded by maxResults. */
async function findInRepository(
  input: Record<string, unknown>,
  c: RepositoryContext,
): Promise<FindAnswer> {
  const max = typeof input.maxResults === 'number' ? input.maxResults : DEFAULT_FIND_RESULTS;
  const found = new FindCollector(c.settings, max);
  // The glob is matched against repository-relative paths: it selects, it never names a path.
  const include = typeof input.include === 'string' ? splitGlobList(input.include) : [];
  const files = await selectFiles(c.root, [c.root], {
    include,
    exclude: [],
    cwd: c.root,
    onSkip: (s) => {
      found.skip(s.path, s.reason);
    },
  });
  const mayMatter = (bytes: Buffer) => mayHoldAmpUrl(bytes, c.settings.caches);
  // Read only where the real path is the repository's (src/node/safe-file.ts), as check reads.
  const repoFiles = new ConfinedFiles(c.root);
  try {
    readFound(repoFiles, files, found, c.maxFileSize, mayMatter);
  } finally {
    repoFiles.close();
  }
  return found.result();
}

function readFound(
  repoFiles: ConfinedFiles,
  files: readonly string[],
  found: FindCollector,
  maxFileSize: number,
  mayMatter: (bytes: Buffer) => boolean,
): void {
  for (const rel of files) {
    if (found.full) break;
    const r = readRepoFileText(repoFiles, rel, maxFileSize, mayMatter);
    if (r.skip !== undefined)
      found.skip(rel, skipReason(r.skip) + (r.detail ? ` (${r.detail})` : ''));
    else if (r.passed) found.addPassed();
    else found.addFile(rel, r.file.text, languageOfPath(rel));
  }
}

const failure = (message: string): CallToolResult => ({
  content: [{ type: 'text', text: message }],
  isError: true,
});

async function callTool(
  name: string,
  input: unknown,
  c: RepositoryContext,
): Promise<CallToolResult> {
  const def = toolDefinition(name);
  if (!def)
    return failure(
      `no tool ${JSON.stringify(name)}; tools: ${TOOLS.map((t) => t.name).join(', ')}`,
    );
  const checked = checkInput(def, input ?? {});
  if (checked.error !== undefined) return failure(checked.error);
  if (def.name === 'amp_url_find_amp_urls') {
    const answer = await findInRepository(checked.value, c);
    return { content: [{ type: 'text', text: answerText(answer) }] };
  }
  const answer = answerUrlTool(def.name, checked.value, c.settings);
  if (answer.error !== undefined) return failure(answer.error);
  return { content: [{ type: 'text', text: answerText(answer.data) }] };
}

/**
 * The server for the repository `c.root`; connect it to a transport to serve. The SDK's
 * low-level Server: its McpServer takes zod schemas, and the tools' schemas are JSON Schema
 * written once for the editor and this server alike.
 */
// eslint-disable-next-line @typescript-eslint/no-deprecated -- see above: JSON Schema tools
function mcpServer(c: RepositoryContext): Server {
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- see above
  const server = new Server(
    { name: 'amp-url-toolkit', version: VERSION },
    { capabilities: { tools: {} } },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: TOOLS.map((t) => ({
      name: t.name,
      title: t.title,
      description: t.description,
      inputSchema: t.inputSchema,
      annotations: { title: t.title, readOnlyHint: true, openWorldHint: false },
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, (request) =>
    callTool(request.params.name, request.params.arguments, c),
  );
  return server;
}

/** The folder whose repository the server searches: --root, else the current folder. */
function startFolder(root: string | undefined): string {
  if (root === undefined) return process.cwd();
  const abs = path.resolve(root);
  let isFolder = false;
  try {
    isFolder = fs.statSync(abs).isDirectory();
  } catch {
    // reported below
  }
  if (!isFolder) throw new UsageError(`--root ${quoteArg(root)} is not a folder`);
  return abs;
}

export async function runMcp(argv: readonly string[], io: Streams): Promise<number> {
  const args = parseArgs(argv, FLAGS);
  if (args.flags.has('help')) {
    io.stdout.write(MCP_HELP);
    return 0;
  }
  const context: RepositoryContext = {
    root: repositoryRoot(startFolder(flag(args, 'root'))),
    settings: settingsFromArgs(args),
    maxFileSize: byteCount(flag(args, 'max-file-size'), DEFAULT_MAX_FILE_SIZE),
  };
  const server = mcpServer(context);
  // The process's own stdin and stdout: the protocol is spoken only by the executable.
  const transport = new StdioServerTransport(process.stdin, process.stdout);
  const closed = new Promise<void>((resolve) => {
    server.onclose = resolve;
    // The client closing stdin ends the session (the transport only stops reading).
    process.stdin.on('end', () => void server.close());
  });
  await server.connect(transport);
  await closed;
  return 0;
}
