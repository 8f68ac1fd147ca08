@REM `npm run cli` on Windows: its script starts with `exec` (so that on Linux and macOS the shell
@REM npm starts is replaced by the command line, and a signal sent to npm reaches it). cmd.exe
@REM has no `exec`: it finds this file in the folder the script runs in, which runs the rest.
@%*
