// The language a file gets by its name, for the files the workspace commands read from disk: they
// have no TextDocument, so no languageId, and writeUrl would read them the careful way (refusing
// what it could have escaped). Only VS Code's built-in associations of the languages whose
// attributes, strings and links writeUrl treats apart; anything else stays undefined (the careful
// way). `files.associations` is not read here: it applies once a file is opened.
const BY_EXTENSION: Readonly<Record<string, string>> = {
  json: 'json',
  webmanifest: 'json',
  jsonc: 'jsonc',
  'code-workspace': 'jsonc',
  json5: 'json5',
  jsonl: 'jsonl',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsx: 'javascriptreact',
  ts: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  tsx: 'typescriptreact',
  vue: 'vue',
  svelte: 'svelte',
  astro: 'astro',
  css: 'css',
  scss: 'scss',
  less: 'less',
  sass: 'sass',
  styl: 'stylus',
  xml: 'xml',
  xsd: 'xml',
  svg: 'xml',
  rss: 'xml',
  atom: 'xml',
  plist: 'xml',
  xsl: 'xsl',
  xslt: 'xsl',
  // VS Code opens .xhtml as HTML; its markup is XML, where a bare & is an error: read it as XML.
  xhtml: 'xhtml',
  html: 'html',
  htm: 'html',
  shtml: 'html',
  php: 'php',
  hbs: 'handlebars',
  handlebars: 'handlebars',
  cshtml: 'razor',
  twig: 'twig',
  njk: 'nunjucks',
  jinja: 'jinja',
  j2: 'jinja',
  erb: 'erb',
  md: 'markdown',
  markdown: 'markdown',
  mdx: 'mdx',
  txt: 'plaintext',
  log: 'log',
  rst: 'restructuredtext',
  adoc: 'asciidoc',
  tex: 'latex',
};

/** The languageId VS Code gives a file named like `path` (a URI path or file name), if known here. */
export function languageOfPath(path: string): string | undefined {
  const name = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
  const dot = name.lastIndexOf('.');
  if (dot < 0) return undefined;
  const ext = name.slice(dot + 1);
  return Object.hasOwn(BY_EXTENSION, ext) ? BY_EXTENSION[ext] : undefined;
}
