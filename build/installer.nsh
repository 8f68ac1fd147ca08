; Included by electron-builder's NSIS installer (electron-builder.yml `nsis.include`): the
; `photo-uploader` command comes with the app (issue 25). The folder of its wrapper,
; resources\bin, is added to the user's PATH on install (once), and taken out on uninstall.
; PowerShell's [Environment]::SetEnvironmentVariable tells running programs of the change; new
; terminals see the command.

!macro customInstall
  nsExec::ExecToLog `powershell -NoProfile -NonInteractive -ExecutionPolicy Bypass -Command "$$d = '$INSTDIR\resources\bin'; $$p = [Environment]::GetEnvironmentVariable('Path', 'User'); if ($$null -eq $$p) { $$p = '' }; if (-not (($$p -split ';') -contains $$d)) { [Environment]::SetEnvironmentVariable('Path', (($$p.TrimEnd(';'), $$d) -join ';').TrimStart(';'), 'User') }"`
!macroend

!macro customUnInstall
  nsExec::ExecToLog `powershell -NoProfile -NonInteractive -ExecutionPolicy Bypass -Command "$$d = '$INSTDIR\resources\bin'; $$p = [Environment]::GetEnvironmentVariable('Path', 'User'); if ($$null -ne $$p) { [Environment]::SetEnvironmentVariable('Path', (($$p -split ';') | Where-Object { $$_ -and $$_ -ne $$d }) -join ';', 'User') }"`
!macroend
