// The executable: runs `main` on this process's arguments and streams, then exits with its code
// once stdout has been flushed (process.exit would cut a piped output short).
import { main } from './main';

void main(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
}).then((code) => {
  process.exitCode = code;
});
