; NSIS script of tdapp's Windows installer, built on Linux by packaging/windows/build.sh:
;   makensis -DVERSION=0.1.0 -DSRC=dist\tdapp -DOUT=dist\tdapp-0.1.0-windows-x64-setup.exe tdapp.nsi
; SRC is the folder packaging/windows/assemble.py assembled (the same as the zip's).
; Per user, no administrator rights: the program goes to %LOCALAPPDATA%\Programs\tdapp, with a
; Start-menu entry, .tdt files opening in tdapp, and an uninstaller in Settings > Apps. The
; uninstaller removes the program only: tournaments, settings and snapshots stay where they are.
; /S installs silently (the CI's check under Wine).

Target amd64-unicode  ; a 64-bit installer: Wine64 runs it, and tdapp is x64 only anyway
!include "MUI2.nsh"

!ifndef VERSION
  !error "makensis -DVERSION=... -DSRC=... -DOUT=..."
!endif

Name "tdapp ${VERSION}"
OutFile "${OUT}"
InstallDir "$LOCALAPPDATA\Programs\tdapp"
InstallDirRegKey HKCU "Software\tdapp" "InstallDir"
RequestExecutionLevel user
SetCompressor /SOLID lzma
Icon "${SRC}\tdapp.ico"
UninstallIcon "${SRC}\tdapp.ico"
BrandingText "tdapp ${VERSION}"
VIProductVersion "${VERSION}.0"
VIAddVersionKey "ProductName" "tdapp"
VIAddVersionKey "FileDescription" "tdapp installer"
VIAddVersionKey "FileVersion" "${VERSION}"
VIAddVersionKey "ProductVersion" "${VERSION}"
VIAddVersionKey "LegalCopyright" "The tdapp developers (MIT licence)"

!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\tdapp"
!define MUI_ICON "${SRC}\tdapp.ico"
!define MUI_UNICON "${SRC}\tdapp.ico"
!define MUI_FINISHPAGE_RUN "$INSTDIR\tdapp.exe"
!define MUI_FINISHPAGE_RUN_TEXT "Start tdapp"
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES
!insertmacro MUI_LANGUAGE "English"

Section "tdapp"
  SetShellVarContext current
  SetOutPath "$INSTDIR"
  ; An older version's program files go first (never the folder: a TD may keep files there).
  RMDir /r "$INSTDIR\runtime"
  File /r "${SRC}\*.*"
  WriteUninstaller "$INSTDIR\uninstall.exe"
  WriteRegStr HKCU "Software\tdapp" "InstallDir" "$INSTDIR"

  CreateShortcut "$SMPROGRAMS\tdapp.lnk" "$INSTDIR\tdapp.exe" "" "$INSTDIR\tdapp.ico" 0 \
    SW_SHOWNORMAL "" "Tournament director's program for face-to-face Diplomacy"

  ; Double-clicking a .tdt tournament opens it in tdapp (this user's file types).
  WriteRegStr HKCU "Software\Classes\.tdt" "" "tdapp.Tournament"
  WriteRegStr HKCU "Software\Classes\tdapp.Tournament" "" "tdapp tournament"
  WriteRegStr HKCU "Software\Classes\tdapp.Tournament\DefaultIcon" "" "$INSTDIR\tdapp.ico"
  WriteRegStr HKCU "Software\Classes\tdapp.Tournament\shell\open\command" "" \
    '"$INSTDIR\tdapp.exe" "%1"'
  System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'

  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayName" "tdapp"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "Publisher" "The tdapp developers"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\tdapp.ico"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
  WriteRegStr HKCU "${UNINSTALL_KEY}" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /S'
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoModify" 1
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoRepair" 1
SectionEnd

Section "Uninstall"
  SetShellVarContext current
  ; The program's own files only: a .tdt, a snapshot or a settings folder the TD keeps in the
  ; install folder stays, and so does the folder then (RMDir without /r removes it only if empty).
  RMDir /r "$INSTDIR\runtime"
  Delete "$INSTDIR\tdapp.exe"
  Delete "$INSTDIR\tdapp.com"
  Delete "$INSTDIR\tdapp.ico"
  Delete "$INSTDIR\README.txt"
  Delete "$INSTDIR\uninstall.exe"
  RMDir "$INSTDIR"
  Delete "$SMPROGRAMS\tdapp.lnk"
  ; The file type goes only while it is still ours (another program may have taken .tdt since).
  ReadRegStr $0 HKCU "Software\Classes\.tdt" ""
  StrCmp $0 "tdapp.Tournament" 0 +2
    DeleteRegKey HKCU "Software\Classes\.tdt"
  DeleteRegKey HKCU "Software\Classes\tdapp.Tournament"
  System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'
  DeleteRegKey HKCU "${UNINSTALL_KEY}"
  DeleteRegKey HKCU "Software\tdapp"
SectionEnd
