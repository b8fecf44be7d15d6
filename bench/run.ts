// `npm run bench`: every benchmark of the project, one section each, printed side by side.
// Each section is a module exporting `run(): void`; add new ones to the list below.
const sections: { title: string; load: () => { run: () => void } }[] = [
];

for (const section of sections) {
  console.log(`\n## ${section.title}`);
  section.load().run();
}
