// `npm run bench`: every benchmark of the project, one section each, printed side by side.
// Each section is a module exporting `run(): void | Promise<void>`; add new ones to the list below.
interface BenchModule {
  run: () => void | Promise<void>;
}
const sections: { title: string; load: () => BenchModule }[] = [
  {
    title: 'AMP Cache: cacheUrl / publisherUrl / domainPrefix vs @ampproject/toolbox-cache-url',
    load: () => require('./amp') as BenchModule,
  },
  {
    title: 'Safe Browsing canonicalize / expressions / hash prefixes',
    load: () => require('./safe-browsing') as BenchModule,
  },
  {
    title: 'Extension: activate(), hover, convert all',
    load: () => require('./extension') as BenchModule,
  },
  {
    title: 'RFC 3986 normalization vs normalize-url',
    load: () => require('./normalize') as BenchModule,
  },
  {
    title: 'Finding URLs in text (findUrls, urlAt) vs linkify-it',
    load: () => require('./find-urls') as BenchModule,
  },
  {
    title: 'Hardening: hover and selection change on a 10 MB single-line file (50 ms budget)',
    load: () => require('./hardening') as BenchModule,
  },
];

async function main(): Promise<void> {
  for (const section of sections) {
    console.log(`\n## ${section.title}`);
    await section.load().run();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
