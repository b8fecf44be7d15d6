// `npm run bench`: every benchmark of the project, one section each, printed side by side.
// Each section is a module exporting `run(): void | Promise<void>`; add new ones to the list below.
// `npm run bench -- hostile amp` runs only the sections whose title contains one of the words;
// `npm run bench -- --quick` runs every section on small inputs (bench/urls.ts QUICK), as `npm test` does.
interface Section {
  run: () => void | Promise<void>;
}

const sections: { title: string; load: () => Section }[] = [
  {
    title: 'AMP Cache: cacheUrl / publisherUrl / domainPrefix vs @ampproject/toolbox-cache-url',
    load: () => require('./amp') as Section,
  },
  {
    title: 'Safe Browsing canonicalize / expressions / hash prefixes',
    load: () => require('./safe-browsing') as Section,
  },
  {
    title: 'Extension: activate(), hover, convert all',
    load: () => require('./extension') as Section,
  },
  {
    title: 'RFC 3986 normalization vs normalize-url',
    load: () => require('./normalize') as Section,
  },
  {
    title: 'Finding URLs in text (findUrls, urlAt) vs linkify-it',
    load: () => require('./find-urls') as Section,
  },
  {
    title: 'Hostile hosts: hover forms and convert-all planning on 1 MB lines (issue 12)',
    load: () => require('./hostile') as Section,
  },
  {
    title: 'Hardening: hover and selection change on a 10 MB single-line file (50 ms budget)',
    load: () => require('./hardening') as Section,
  },
  {
    title:
      'Typing in a 10 MB log with the Problems on: longest extension-host block (real VS Code)',
    load: () => require('./typing') as Section,
  },
  {
    title: 'Workspace walk: longest event-loop block listing a hostile repository (issue 20)',
    load: () => require('./workspace/listing') as Section,
  },
  {
    title: 'Command line: amp-url publisher vs the core loop, amp-url check vs ripgrep (issue 22)',
    load: () => require('./cli') as Section,
  },
  {
    title: 'Command-line file I/O: check --fix on 5,000 files, memory on a 50 MB line (issue 26)',
    load: () => require('./cli-io') as Section,
  },
  {
    title: 'SQL engines: the standalone bundle beside the library, rows/s in DuckDB (issue 30)',
    load: () => require('./sql') as Section,
  },
];

// Before any section loads bench/urls.ts, which reads it, and passed on to the processes they start.
const args = process.argv.slice(2);
if (args.includes('--quick')) process.env.AMP_URL_BENCH_QUICK = '1';

async function main(): Promise<void> {
  const only = args.filter((a) => a !== '--quick').map((w) => w.toLowerCase());
  const started = performance.now();
  let ran = 0;
  for (const section of sections) {
    if (only.length > 0 && !only.some((w) => section.title.toLowerCase().includes(w))) continue;
    console.log(`\n## ${section.title}`);
    await section.load().run();
    ran++;
  }
  // The figures, each beside its ceiling measured in the same run.
  console.log('\n## Figures beside their ceilings (one run, same machine; CPU time, best of 15)');
  const urls = require('./urls') as typeof import('./urls');
  urls.printFigures();
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  console.log(`\nbench${urls.QUICK ? ' --quick' : ''}: ${ran} sections ran in ${seconds} s`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
