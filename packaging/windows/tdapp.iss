; Inno Setup script for tdapp on Windows (built on a Windows machine, after PyInstaller):
;   python packaging\icons.py --out build\icons
;   pyinstaller --noconfirm --distpath dist --workpath build\pyinstaller packaging\pyinstaller\tdapp.spec
;   iscc /DAppVersion=0.1.0 packaging\windows\tdapp.iss
; It installs per user or for all users (the installer asks), adds a Start-menu entry, associates
; .tdt files so that double-clicking a tournament opens it, and registers an uninstaller.

#ifndef AppVersion
  #define AppVersion "0.1.0"
#endif

[Setup]
AppId={{6F4C3E1A-7D2B-4E8A-9C51-2B7F0D3A9E64}
AppName=tdapp
AppVersion={#AppVersion}
AppPublisher=The tdapp developers
AppComments=Tournament director's program for face-to-face Diplomacy
DefaultDirName={autopf}\tdapp
DefaultGroupName=tdapp
PrivilegesRequiredOverridesAllowed=dialog
OutputDir=..\..\dist
OutputBaseFilename=tdapp-{#AppVersion}-windows-setup
SetupIconFile=..\..\build\icons\tdapp.ico
UninstallDisplayIcon={app}\tdapp.exe
Compression=lzma2
SolidCompression=yes
WizardStyle=modern
ChangesAssociations=yes
ArchitecturesInstallIn64BitMode=x64compatible

[Languages]
Name: "english"; MessagesFile: "compiler:Default.isl"

[Tasks]
Name: "desktopicon"; Description: "{cm:CreateDesktopIcon}"; GroupDescription: "{cm:AdditionalIcons}"; Flags: unchecked
Name: "associate"; Description: "Open .tdt tournament files with tdapp"; GroupDescription: "File types:"

[Files]
Source: "..\..\dist\tdapp\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{group}\tdapp"; Filename: "{app}\tdapp.exe"
Name: "{group}\Uninstall tdapp"; Filename: "{uninstallexe}"
Name: "{autodesktop}\tdapp"; Filename: "{app}\tdapp.exe"; Tasks: desktopicon

[Registry]
Root: HKA; Subkey: "Software\Classes\.tdt"; ValueType: string; ValueName: ""; ValueData: "tdapp.Tournament"; Flags: uninsdeletevalue; Tasks: associate
Root: HKA; Subkey: "Software\Classes\tdapp.Tournament"; ValueType: string; ValueName: ""; ValueData: "tdapp tournament"; Flags: uninsdeletekey; Tasks: associate
Root: HKA; Subkey: "Software\Classes\tdapp.Tournament\DefaultIcon"; ValueType: string; ValueName: ""; ValueData: "{app}\tdapp.exe,0"; Tasks: associate
Root: HKA; Subkey: "Software\Classes\tdapp.Tournament\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\tdapp.exe"" ""%1"""; Tasks: associate

[Run]
Filename: "{app}\tdapp.exe"; Description: "{cm:LaunchProgram,tdapp}"; Flags: nowait postinstall skipifsilent
