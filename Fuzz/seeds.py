#!/usr/bin/env python3
"""Seeds for the fuzz targets that need structured input: seeds.py references OUT, seeds.py ipa OUT SOUND_DIR...,
seeds.py entitlements OUT, seeds.py pbxproj OUT, seeds.py workspace OUT, seeds.py expo OUT, seeds.py ogg OUT or
seeds.py configuration OUT. Small .ipa and .apk archives (stored and deflated) built from real sounds, APNs and FCM
payloads and name lists, and signed Mach-O executables, universal binaries and provisioning-profile-shaped files."""
import os, sys, zipfile, json, struct

PLIST = (b'<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0"><dict>'
         b'<key>com.apple.developer.usernotifications.critical-alerts</key><true/>'
         b'<key>aps-environment</key><string>production</string></dict></plist>\n')

def macho(plist=PLIST, section=False):
    """arm64 executable: __TEXT (with __entitlements when section) and LC_CODE_SIGNATURE otherwise."""
    seg = 72 + (80 if section else 0)
    cmds = seg + (0 if section else 16)
    data = 32 + cmds + 16
    out = struct.pack("<8I", 0xFEEDFACF, 0x0100000C, 0, 2, 1 if section else 2, cmds, 0, 0)
    out += struct.pack("<II16s4Q4I", 0x19, seg, b"__TEXT", 0x100000000, 0x4000, 0, data + 256, 5, 5, 1 if section else 0, 0)
    if section:
        out += struct.pack("<16s16s2Q8I", b"__entitlements", b"__TEXT", 0x100000000 + data, len(plist), data, 0, 0, 0, 0, 0, 0, 0)
        blob = plist
    else:
        ent = struct.pack(">II", 0xFADE7171, 8 + len(plist)) + plist
        cd = struct.pack(">4I", 0xFADE0C02, 16, 0x20400, 0)
        blob = struct.pack(">5I", 0xFADE0CC0, 28 + len(cd) + len(ent), 2, 0, 28)[:12]
        blob += struct.pack(">4I", 0, 28, 5, 28 + len(cd)) + cd + ent
        out += struct.pack("<4I", 0x1D, 16, data, len(blob))
    return out + b"\0" * (data - len(out)) + blob + b"\xd5" * 64

def universal(slices):
    out = struct.pack(">II", 0xCAFEBABE, len(slices))
    at, placed = 4096, []
    for s in slices:
        out += struct.pack(">5I", 0x0100000C, 0, at, len(s), 12)
        placed.append((at, s))
        at += (len(s) + 4095) // 4096 * 4096
    for at, s in placed:
        out += b"\0" * (at - len(out)) + s
    return out

def profile(plist=PLIST):
    inner = plist.replace(b"<dict>", b"<dict><key>Entitlements</key><dict>", 1).replace(b"</dict></plist>", b"</dict></dict></plist>")
    octets = b"\x04\x82" + struct.pack(">H", len(inner)) + inner
    body = b"\x06\x09\x2a\x86\x48\x86\xf7\x0d\x01\x07\x02" + b"\xa0\x82" + struct.pack(">H", len(octets) + 64) + octets + b"Z" * 64
    return b"\x30\x82" + struct.pack(">H", len(body)) + body

def pool(strings, utf8):
    offsets, data = b"", b""
    for t in strings:
        offsets += struct.pack("<I", len(data))
        if utf8:
            b = t.encode()
            data += bytes([len(t), len(b)]) + b + b"\0"
        else:
            u = t.encode("utf-16-le")
            data += struct.pack("<H", len(t)) + u + b"\0\0"
    data += b"\0" * (-len(data) % 4)
    return struct.pack("<HHIIIIII", 1, 28, 28 + len(offsets) + len(data), len(strings), 0, 0x100 if utf8 else 0, 28 + len(offsets), 0) + offsets + data

def arsc(raw):
    """resources.arsc: value strings, one package with type strings attr/raw, key strings, and a raw type chunk."""
    values, types, keys = pool([p for _, p in raw], True), pool(["attr", "raw"], False), pool([n for n, _ in raw], True)
    offsets, data = b"", b""
    for i in range(len(raw)):
        offsets += struct.pack("<I", len(data))
        data += struct.pack("<HHIHBBI", 8, 0, i, 8, 0, 3, i)
    head = 20 + 64
    chunk = struct.pack("<HHIBBHII", 0x201, head, head + len(offsets) + len(data), 2, 0, 0, len(raw), head + len(offsets))
    chunk += struct.pack("<I", 64) + b"\0" * 60 + offsets + data
    body = types + keys + chunk
    pkg = struct.pack("<HHII", 0x200, 288, 288 + len(body), 0x7F) + "com.example".encode("utf-16-le").ljust(256, b"\0")
    pkg += struct.pack("<5I", 288, 2, 288 + len(types), len(raw), 0) + body
    return struct.pack("<HHII", 2, 12, 12 + len(values) + len(pkg), 1) + values + pkg

def bplist(objects, top=0):
    """A binary plist from its objects' encodings, references one byte wide."""
    out = bytearray(b"bplist00")
    offsets = []
    for o in objects:
        offsets.append(len(out))
        out += o
    table = len(out)
    out += bytes(offsets)
    out += bytes(6) + bytes([1, 1]) + len(objects).to_bytes(8, "big") + top.to_bytes(8, "big") + table.to_bytes(8, "big")
    return bytes(out)

def entitlements(out):
    seeds = {"signed": macho(), "simulator": macho(section=True), "fat": universal([macho(section=True), macho()]),
             "profile.mobileprovision": profile(), "plain.entitlements": PLIST,
             "resources.arsc": arsc([("alarm", "res/Gh4.mp3"), ("chime", "res/raw/chime.ogg")]),
             "keep.xml": b'<resources xmlns:tools="http://schemas.android.com/tools" tools:keep="@raw/alarm,@raw/o*" tools:discard="@raw/old"/>',
             # Issue 22's classes: deep XML nesting, a binary plist that contains itself, shared references.
             "deep.plist": b'<?xml version="1.0"?><plist version="1.0"><dict><key>a</key>' + b"<array>" * 3000 + b"</array>" * 3000 + b"</dict></plist>",
             "cycle.bplist": bplist([b"\xd1\x01\x00", b"\x51k"]),
             "shared.bplist": bplist([bytes([0xA2, i + 1, i + 1]) for i in range(40)] + [b"\x10\x2a"]),
             "stars.keep.xml": b'<resources xmlns:tools="t" tools:keep="@raw/' + b"*a" * 2000 + b'*b"/>',
             # A workspace: a project by group:, one in a Group by container:, one outside by absolute:.
             "contents.xcworkspacedata": b'<?xml version="1.0" encoding="UTF-8"?>\n<Workspace version = "1.0">\n'
                 b'<!-- c --><FileRef location = "group:Fuzz.xcodeproj"></FileRef>\n'
                 b'<Group location = "container:A" name = "A"><FileRef location = "group:../Fuzz.xcodeproj"/></Group>\n'
                 b'<FileRef location = "absolute:/x/Y.xcodeproj" a=\'&amp;&#65;\'></FileRef>\n</Workspace>\n',
             # An Xcode project: a group, a file, a variant group, a folder reference and a synchronized folder.
             "project.pbxproj": b"""// !$*UTF8*$!
{ archiveVersion = 1; objectVersion = 77; objects = {
  B1 = {isa = PBXBuildFile; fileRef = F1; }; B2 = {isa = PBXBuildFile; fileRef = V1; }; B3 = {isa = PBXBuildFile; fileRef = F3; };
  F1 = {isa = PBXFileReference; path = "../a b.caf"; sourceTree = "<group>"; };
  F2 = {isa = PBXFileReference; name = en; path = en.lproj/x.caf; sourceTree = "<group>"; };
  F3 = {isa = PBXFileReference; lastKnownFileType = folder; path = Sounds; sourceTree = SOURCE_ROOT; };
  V1 = {isa = PBXVariantGroup; children = (F2, ); name = x.caf; sourceTree = "<group>"; };
  S1 = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (X1, ); path = App; sourceTree = "<group>"; };
  X1 = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (skip.caf, ); target = T1; };
  G1 = {isa = PBXGroup; children = (G2, S1, F3, ); sourceTree = "<group>"; };
  G2 = {isa = PBXGroup; children = (F1, V1, ); path = Runner; sourceTree = "<group>"; };
  R1 = {isa = PBXResourcesBuildPhase; files = (B1, B2, B3, ); };
  C1 = {isa = PBXCopyFilesBuildPhase; dstPath = Sub; dstSubfolderSpec = 7; files = (B1, ); };
  T1 = {isa = PBXNativeTarget; buildPhases = (R1, C1, ); fileSystemSynchronizedGroups = (S1, ); name = App; productType = "com.apple.product-type.application"; };
  P1 = {isa = PBXProject; mainGroup = G1; projectDirPath = ""; targets = (T1, ); };
}; rootObject = P1; }
""",
             "gradle.kts": b'android { buildTypes { release { isShrinkResources = true } } }\n<meta-data android:resource="@raw/x" />'}
    for name, data in seeds.items():
        open(os.path.join(out, name), "wb").write(data)

def references(out):
    samples = [
        {"aps": {"alert": "hi", "sound": "alert.caf"}},
        {"aps": {"sound": {"critical": 1, "name": "Alert.caf", "volume": 0.5}}},
        {"aps": {"sound": "default"}},
        {"Simulator Target Bundle": "com.example.app", "aps": {"sound": "Sounds/deep.caf"}},
        {"aps": {"sound": {"critical": 2, "name": "", "volume": 7}}},
        {"aps": {"sound": "hello"}},
        {"message": {"token": "t", "android": {"notification": {"sound": "alarm"}},
                     "apns": {"payload": {"aps": {"sound": {"critical": 1, "name": "alert.caf"}}}}}},
        {"android": {"notification": {"sound": "Alarm.mp3"}}},
        {"to": "t", "notification": {"title": "hi", "sound": "chime"}},
    ]
    for i, s in enumerate(samples):
        open(os.path.join(out, "payload%d.apns" % i), "w").write(json.dumps(s))
    open(os.path.join(out, "list.txt"), "w").write("# sounds\nalert.caf\nALERT.CAF\n\nlib.wav\nchime\nen.lproj/hello.caf\n")
    open(os.path.join(out, "list-crlf.txt"), "w", newline="").write("\ufeff# sounds\r\nalert.caf\r\r\nchime\r")
    # Deep nesting with siblings at the bottom (issue 22).
    open(os.path.join(out, "deep.json"), "w").write('{"aps":' + "[" * 600 + ",".join(['{"a":1}'] * 50) + "]" * 600 + "}")

def ipa(out, dirs):
    files = []
    for d in dirs:
        for name in sorted(os.listdir(d)):
            path = os.path.join(d, name)
            if os.path.isfile(path) and os.path.getsize(path) <= 12000 and not name.endswith((".ipa", ".md", ".tsv")):
                files.append(path)
    for i in range(0, min(len(files), 24), 3):
        for method in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
            target = os.path.join(out, "app%d-%d.ipa" % (i, method))
            with zipfile.ZipFile(target, "w", method) as z:
                z.writestr("Payload/", b"")
                z.writestr("Payload/App.app/", b"")
                for j, f in enumerate(files[i:i + 3]):
                    where = ["", "Sounds/", "en.lproj/"][j]
                    z.write(f, "Payload/App.app/" + where + os.path.basename(f))
                z.writestr("Payload/App.app/Info.plist", b"<plist/>")
    # An app whose executable and profile carry entitlements, and an .apk.
    with zipfile.ZipFile(os.path.join(out, "signed.ipa"), "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("Payload/App.app/Info.plist", b'<plist version="1.0"><dict><key>CFBundleExecutable</key><string>App</string></dict></plist>')
        z.writestr("Payload/App.app/App", universal([macho()]))
        z.writestr("Payload/App.app/embedded.mobileprovision", profile())
        if files:
            z.write(files[0], "Payload/App.app/alert.caf")
    with zipfile.ZipFile(os.path.join(out, "app.apk"), "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("AndroidManifest.xml", b"\x03\x00\x08\x00")
        z.writestr("resources.arsc", arsc([("alarm", "res/Gh4.wav"), ("bad", "res/raw/Bad-Name.caf")]))
        for j, f in enumerate(files[:3]):
            z.write(f, ["res/raw/alarm", "res/raw/Bad-Name", "assets/chime"][j] + os.path.splitext(f)[1])

def pbxproj(out):
    """Projects as Xcode writes them (the fuzz target's repository holds ios/App/a.wav, a link ios/Out
    to a folder outside, assets/a.wav), and the shapes that once grew without bound."""
    def project(objects, targets="T1, ", extra=""):
        return ("// !$*UTF8*$!\n{ archiveVersion = 1; objectVersion = 77; objects = {\n" + "\n".join(objects) +
                "\n G0 = {isa = PBXGroup; children = (G1, S1, ); sourceTree = \"<group>\"; };\n"
                " P0 = {isa = PBXProject; mainGroup = G0; %s targets = (%s); };\n}; rootObject = P0; }\n" % (extra, targets)).encode()
    app = lambda t, phases: '%s = {isa = PBXNativeTarget; buildPhases = (%s); fileSystemSynchronizedGroups = (S1, ); name = %s; productType = "com.apple.product-type.application"; };' % (t, phases, t)
    base = [
        'B1 = {isa = PBXBuildFile; fileRef = F1; };', 'B2 = {isa = PBXBuildFile; fileRef = F2; };',
        'B3 = {isa = PBXBuildFile; fileRef = V1; };', 'B4 = {isa = PBXBuildFile; fileRef = F4; };',
        'F1 = {isa = PBXFileReference; lastKnownFileType = audio.wav; path = a.wav; sourceTree = "<group>"; };',
        'F2 = {isa = PBXFileReference; lastKnownFileType = folder; path = Out; sourceTree = SOURCE_ROOT; };',
        'F3 = {isa = PBXFileReference; name = en; path = en.lproj/a.wav; sourceTree = "<group>"; };',
        'F4 = {isa = PBXFileReference; path = "../assets/out.wav"; sourceTree = "<group>"; };',
        'V1 = {isa = PBXVariantGroup; children = (F3, ); name = a.wav; sourceTree = "<group>"; };',
        'G1 = {isa = PBXGroup; children = (F1, F3, F4, V1, ); path = App; sourceTree = "<group>"; };',
        'S1 = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (X1, ); path = App; sourceTree = "<group>"; };',
        'X1 = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (a.wav, ); target = T1; };',
        'R1 = {isa = PBXResourcesBuildPhase; files = (B1, B2, B3, B4, ); };',
        'C1 = {isa = PBXCopyFilesBuildPhase; dstPath = "./"; dstSubfolderSpec = 7; files = (B1, ); };',
    ]
    seeds = {
        "app": project(base + [app("T1", "R1, C1, ")]),
        "root": project(base + [app("T1", "R1, ")], extra='projectDirPath = "/";'),
        "repeated": project(base + [app("T1", "R1, " * 40)], targets="T1, " * 40),
        "cycle": project([o.replace("children = (F1,", "children = (G2, F1,") for o in base] +
                         ['G2 = {isa = PBXGroup; children = (G1, ); path = b; sourceTree = "<group>"; };', app("T1", "R1, ")]),
        "two": project(base + [app("T1", "R1, "), app("T2", "C1, ")], targets="T1, T2, "),
    }
    for name, text in seeds.items():
        open(os.path.join(out, name + ".pbxproj"), "wb").write(text)

def workspace(out):
    entries = {
        "rn": '<FileRef location = "group:App.xcodeproj"></FileRef><FileRef location = "group:Pods/Pods.xcodeproj"></FileRef>',
        "groups": '<Group location = "container:App" name = "A"><FileRef location = "group:../App.xcodeproj"/></Group>'
                  '<FileRef location = "absolute:/etc/App.xcodeproj"/><FileRef location = "group:Out/x.xcodeproj"/>'
                  '<FileRef location = "group:a&amp;b.xcodeproj"/><!-- c --><FileRef location = "self:"/>',
    }
    for name, body in entries.items():
        text = '<?xml version="1.0" encoding="UTF-8"?>\n<Workspace version = "1.0">\n' + body + "\n</Workspace>\n"
        open(os.path.join(out, name + ".xcworkspacedata"), "w").write(text)

def expo(out):
    lists = {
        "expo": ["./assets/a.wav", "assets/a.wav", "./assets/out.wav", "../outside/secret.wav", "/etc/passwd", "a.wav\u0000.caf"],
        "onesignal": ["./assets/a.wav"],
    }
    for name, sounds in lists.items():
        plugin = "onesignal-expo-plugin" if name == "onesignal" else "expo-notifications"
        config = {"expo": {"name": "App", "plugins": ["expo-router", [plugin, {"sounds": sounds}]]}}
        open(os.path.join(out, name + ".json"), "w").write(json.dumps(config))

def ogg_page(packets, granule=0, flags=0, sequence=0, serial=7):
    """One Ogg page (CRC left 0: alertsound does not check it) holding whole packets."""
    lacing = b""
    for p in packets:
        lacing += b"\xff" * (len(p) // 255) + bytes([len(p) % 255])
    return (b"OggS" + bytes([0, flags]) + struct.pack("<qII", granule, serial, sequence) + b"\0\0\0\0"
            + bytes([len(lacing)]) + lacing + b"".join(packets))

def ogg(out):
    vorbis_id = b"\x01vorbis" + struct.pack("<IBI3iB", 0, 2, 44100, 0, 128000, 0, 0xB8) + b"\x01"
    comment = b"\x03vorbis" + struct.pack("<I", 1) + b"x" + struct.pack("<I", 1) + struct.pack("<I", 9) + b"TITLE=Ding" [:9] + b"\x01"
    setup = b"\x05vorbis" + b"\x00BCV" + bytes(300)
    audio = ogg_page([bytes(40), bytes(60)], granule=44100, flags=4, sequence=2)
    opus_head = b"OpusHead" + struct.pack("<BBHIhB", 1, 2, 312, 48000, 0, 0)
    opus_tags = b"OpusTags" + struct.pack("<I", 1) + b"x" + struct.pack("<I", 0)
    streaminfo = struct.pack(">HH", 4096, 4096) + bytes(6) + bytes([0x0A, 0xC4, 0x42, 0xF0, 0, 1, 0x58, 0x88]) + bytes(16)
    flac_id = b"\x7fFLAC\x01\x00\x00\x01fLaC" + b"\x00\x00\x00\x22" + streaminfo
    flac_comment = b"\x84\x00\x00\x08" + struct.pack("<I", 0) + struct.pack("<I", 0)
    seeds = {
        "vorbis.ogg": ogg_page([vorbis_id], flags=2) + ogg_page([comment, setup], sequence=1) + audio,
        "opus.opus": ogg_page([opus_head], flags=2) + ogg_page([opus_tags], sequence=1)
        + ogg_page([bytes(30)], granule=48312, flags=4, sequence=2),
        "flac.oga": ogg_page([flac_id], flags=2) + ogg_page([flac_comment], sequence=1)
        + ogg_page([bytes(20)], granule=88200, flags=4, sequence=2),
        # Headers spread over pages (a comment that continues), and a second stream's pages between.
        "spread.ogg": ogg_page([vorbis_id], flags=2) + ogg_page([comment + bytes(600)], sequence=1)[:27]
        + ogg_page([comment + bytes(600)], sequence=1)[27:] + ogg_page([setup], sequence=2, serial=8)
        + ogg_page([setup], sequence=2) + audio,
        "cut.ogg": (ogg_page([vorbis_id], flags=2) + ogg_page([comment, setup], sequence=1))[:90],
    }
    for name, data in seeds.items():
        open(os.path.join(out, name), "wb").write(data)

def configuration(out):
    samples = {
        "full.yml": "# choices\nignore:\n  - ios/Runner/Ringtones/*.caf\n  - '**/test/**'\njudge: every-sound\n"
        "strict: true\nplatforms: [ios, android]\nios-minimum: 18.0\n",
        "flow.yml": "ignore: [a?.wav, \"b/**/c*.caf\"]\nplatforms:\n  - android\n",
        "glob.txt": "**/a*b*c?.caf\nx/y/aXbYcZ.caf",
        "bad.yml": "ignore:\n- x\n  nested: [\njudge: maybe\n",
    }
    for name, text in samples.items():
        open(os.path.join(out, name), "w").write(text)

if __name__ == "__main__":
    {"references": lambda: references(sys.argv[2]), "ipa": lambda: ipa(sys.argv[2], sys.argv[3:]),
     "entitlements": lambda: entitlements(sys.argv[2]), "pbxproj": lambda: pbxproj(sys.argv[2]),
     "workspace": lambda: workspace(sys.argv[2]), "expo": lambda: expo(sys.argv[2]),
     "ogg": lambda: ogg(sys.argv[2]), "configuration": lambda: configuration(sys.argv[2])}[sys.argv[1]]()
