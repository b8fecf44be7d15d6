// `npm run bench`: every benchmark of the project, one section each, printed side by side.
// Each section is a module exporting `run(): void | Promise<void>`; add new ones to the list below.
// `npm run bench -- hostile amp` runs only the sections whose title contains one of the words.
const sections: { title: string; load: () => { run: () => void | Promise<void> } }[] = [
  {
    title: 'AMP Cache: cacheUrl / publisherUrl / domainPrefix vs @ampproject/toolbox-cache-url',
    load: () => require('./amp'),
  },
  {
    title: 'Safe Browsing canonicalize / expressions / hash prefixes',
    load: () => require('./safe-browsing'),
  },
  { title: 'Extension: activate(), hover, convert all', load: () => require('./extension') },
  { title: 'RFC 3986 normalization vs normalize-url', load: () => require('./normalize') },
  {
    title: 'Finding URLs in text (findUrls, urlAt) vs linkify-it',
    load: () => require('./find-urls'),
  },
  {
    title: 'Hostile hosts: hover forms and convert-all planning on 1 MB lines (issue 12)',
    load: () => require('./hostile'),
  },
  {
    title: 'Hardening: hover and selection change on a 10 MB single-line file (50 ms budget)',
    load: () => require('./hardening'),
  },
];

async function main(): Promise<void> {
  const only = process.argv.slice(2).map((w) => w.toLowerCase());
  for (const section of sections) {
    if (only.length > 0 && !only.some((w) => section.title.toLowerCase().includes(w))) continue;
    console.log(`\n## ${section.title}`);
    await section.load().run();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
