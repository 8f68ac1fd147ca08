@echo off
REM `photo-uploader` on Windows: the app's binary run as the command line (it runs headless
REM when given a command). The installer puts this folder (resources\bin) on the user's PATH.
REM Electron attaches to this console to print; a batch file waits for the program to end, so
REM the prompt comes back after the output, with its exit code.
setlocal
set ELECTRON_NO_ATTACH_CONSOLE=
"%~dp0..\..\Photo Uploader.exe" %*
exit /b %ERRORLEVEL%
