; Included by electron-builder's NSIS installer (electron-builder.yml `nsis.include`): the
; `photo-uploader` command comes with the app (issue 25). The folder of its wrapper,
; resources\bin, is added to the user's PATH on install (once), and taken out on uninstall.
; The folder reaches PowerShell in an environment variable, never inside its command text: a
; user name with an apostrophe (C:\Users\O'Brien\...) or a chosen install folder cannot break or
; change the command. The user's Path is read and written as it is stored (REG_EXPAND_SZ, its
; %USERPROFILE% entries unexpanded); setting and clearing a variable through .NET then tells
; running programs (Explorer, new terminals) that the environment changed.

!macro customInstall
  System::Call 'Kernel32::SetEnvironmentVariable(t "PHOTO_UPLOADER_BIN", t "$INSTDIR\resources\bin")i'
  nsExec::ExecToLog `powershell -NoProfile -NonInteractive -ExecutionPolicy Bypass -Command "$$d = $$env:PHOTO_UPLOADER_BIN; $$k = [Microsoft.Win32.Registry]::CurrentUser.CreateSubKey('Environment'); $$p = [string]$$k.GetValue('Path', '', 'DoNotExpandEnvironmentNames'); if (-not (($$p -split ';') -contains $$d)) { $$k.SetValue('Path', (($$p.TrimEnd(';'), $$d) -join ';').TrimStart(';'), 'ExpandString'); [Environment]::SetEnvironmentVariable('PHOTO_UPLOADER_PATH_CHANGED', '1', 'User'); [Environment]::SetEnvironmentVariable('PHOTO_UPLOADER_PATH_CHANGED', $$null, 'User') }"`
!macroend

!macro customUnInstall
  System::Call 'Kernel32::SetEnvironmentVariable(t "PHOTO_UPLOADER_BIN", t "$INSTDIR\resources\bin")i'
  nsExec::ExecToLog `powershell -NoProfile -NonInteractive -ExecutionPolicy Bypass -Command "$$d = $$env:PHOTO_UPLOADER_BIN; $$k = [Microsoft.Win32.Registry]::CurrentUser.CreateSubKey('Environment'); $$p = [string]$$k.GetValue('Path', '', 'DoNotExpandEnvironmentNames'); $$k.SetValue('Path', (($$p -split ';') | Where-Object { $$_ -and $$_ -ne $$d }) -join ';', 'ExpandString'); [Environment]::SetEnvironmentVariable('PHOTO_UPLOADER_PATH_CHANGED', '1', 'User'); [Environment]::SetEnvironmentVariable('PHOTO_UPLOADER_PATH_CHANGED', $$null, 'User')"`
!macroend
