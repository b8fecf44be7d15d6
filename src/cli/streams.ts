// The three standard streams a command runs on: the process's own (amp-url.ts), or a test's.
export interface Streams {
  stdin: NodeJS.ReadableStream & AsyncIterable<Buffer | string>;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}
